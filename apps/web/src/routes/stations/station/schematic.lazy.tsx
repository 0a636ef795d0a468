import { formatTime } from '@forecourt/contracts';
import { ActionIcon, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh, IconSitemap } from '@tabler/icons-react';
import { createLazyRoute } from '@tanstack/react-router';
import { type ReactNode, useId, useMemo } from 'react';
import { ButtonLink } from '../../../components/links';
import { EmptyResult, ErrorState, LoadingState } from '../../../components/query-states';
import { ForecourtSchematic } from '../../../features/assets/components/forecourt-schematic';
import { FuellingPointTable } from '../../../features/assets/components/fuelling-point-table';
import { SchematicLegend } from '../../../features/assets/components/schematic-legend';
import { StateCounts } from '../../../features/assets/components/state-counts';
import { useSchematic } from '../../../features/assets/queries';
import {
  countByFuel,
  countByState,
  countDispensers,
  listFuellingPoints,
} from '../../../features/assets/schematic-model';
import { useStation } from '../../../features/stations/queries';

export const Route = createLazyRoute('/shell/stations/$slug/schematic')({ component: StationSchematic });

/**
 * /stations/$slug/schematic: the forecourt drawn from its lanes, dispensers and nozzles, each
 * fuelling point in its live state. Realtime events patch it (features/realtime); it also asks
 * again every 15 s while the tab is visible.
 */
function StationSchematic() {
  const { slug } = Route.useParams();
  const station = useStation(slug);
  const schematic = useSchematic(slug, { poll: true });
  const tableHeadingId = useId();
  const data = schematic.data;
  const points = useMemo(() => (data ? listFuellingPoints(data) : []), [data]);

  let content: ReactNode;
  if (!data) {
    content = schematic.isError ? (
      <ErrorState
        title="Could not load the schematic"
        error={schematic.error}
        onRetry={() => schematic.refetch()}
        isRetrying={schematic.isFetching}
      />
    ) : (
      <LoadingState label="Loading the forecourt…" />
    );
  } else if (countDispensers(data) === 0) {
    content = (
      <Paper withBorder p="md" radius="md" data-testid="schematic-empty">
        <EmptyResult
          title="No dispensers at this station"
          description="Once dispensers are registered for this station, its forecourt is drawn here."
          icon={<IconSitemap size={28} stroke={1.5} aria-hidden />}
          action={
            <ButtonLink to="/stations/$slug/assets" params={{ slug }} variant="default">
              Open assets
            </ButtonLink>
          }
        />
      </Paper>
    );
  } else {
    content = (
      <>
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <StateCounts counts={countByState(points)} />
            <ForecourtSchematic schematic={data} stationName={station.data?.name ?? slug} />
            <SchematicLegend fuels={countByFuel(points).map((entry) => entry.fuel)} />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h5" id={tableHeadingId}>
              Fuelling points
            </Title>
            <FuellingPointTable points={points} now={Date.parse(data.at)} labelledBy={tableHeadingId} />
          </Stack>
        </Paper>
      </>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3">
            Schematic
          </Title>
          <Text size="sm" c="dimmed">
            Lanes, dispensers and each fuelling point in its current state.
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {data && (
            <Text size="xs" c="dimmed" data-testid="schematic-updated">
              Updated <time dateTime={data.at}>{formatTime(data.at)}</time>
            </Text>
          )}
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Refresh the schematic"
              onClick={() => schematic.refetch()}
              loading={schematic.isFetching && !schematic.isPending}
            >
              <IconRefresh size={18} stroke={1.6} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {data && schematic.isError && (
        <ErrorState
          title="Could not refresh the schematic"
          error={schematic.error}
          message="Showing the last states received."
          onRetry={() => schematic.refetch()}
        />
      )}
      {content}
    </Stack>
  );
}
