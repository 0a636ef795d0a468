import { DISPENSER_STATUSES, FUELLING_POINT_STATES } from '@forecourt/contracts';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDroplet, IconSitemap } from '@tabler/icons-react';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/links';
import { EmptyResult, ErrorState, LoadingState } from '../../../components/query-states';
import {
  DispenserStatusBadge,
  FuelBadge,
  FuellingPointStateBadge,
} from '../../../features/assets/components/state-visuals';
import { useSchematic } from '../../../features/assets/queries';
import {
  countByFuel,
  countByState,
  countDispenserStatuses,
  countDispensers,
  listFuellingPoints,
} from '../../../features/assets/schematic-model';
import { formatNumber } from '../../../lib/format';

export const Route = createLazyRoute('/shell/stations/$slug/assets')({ component: StationAssets });

function SummaryCard({
  title,
  total,
  testId,
  children,
}: {
  title: string;
  total: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap="sm">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {title}
        </Text>
        <Text fz={32} fw={700} lh={1}>
          {formatNumber(total)}
        </Text>
        <Stack gap={6}>{children}</Stack>
      </Stack>
    </Paper>
  );
}

function CountRow({ label, count }: { label: ReactNode; count: number }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      {label}
      <Text size="sm" fw={600}>
        {formatNumber(count)}
      </Text>
    </Group>
  );
}

/**
 * /stations/$slug/assets: counts of the station's equipment, read from the schematic (dispensers by
 * status, fuelling points by state, nozzles by fuel), with the way into the registry and the drawing.
 */
function StationAssets() {
  const { slug } = Route.useParams();
  const schematic = useSchematic(slug);
  const data = schematic.data;

  let content: ReactNode;
  if (!data) {
    content = schematic.isError ? (
      <ErrorState
        title="Could not load the station's assets"
        error={schematic.error}
        onRetry={() => schematic.refetch()}
        isRetrying={schematic.isFetching}
      />
    ) : (
      <LoadingState label="Loading assets…" />
    );
  } else if (countDispensers(data) === 0) {
    content = (
      <Paper withBorder p="md" radius="md">
        <EmptyResult
          title="No dispensers at this station"
          description="Dispensers and their nozzles appear here once they are registered."
        />
      </Paper>
    );
  } else {
    const points = listFuellingPoints(data);
    const statuses = countDispenserStatuses(data);
    const states = countByState(points);
    content = (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <SummaryCard title="Dispensers" total={countDispensers(data)} testId="assets-dispensers">
          <Text size="sm" c="dimmed">
            On {formatNumber(data.lanes.length)} {data.lanes.length === 1 ? 'lane' : 'lanes'}
          </Text>
          {DISPENSER_STATUSES.filter((status) => statuses.has(status)).map((status) => (
            <CountRow
              key={status}
              label={<DispenserStatusBadge status={status} />}
              count={statuses.get(status) ?? 0}
            />
          ))}
        </SummaryCard>
        <SummaryCard title="Fuelling points" total={points.length} testId="assets-points">
          {FUELLING_POINT_STATES.map((state) => (
            <CountRow key={state} label={<FuellingPointStateBadge state={state} />} count={states[state]} />
          ))}
        </SummaryCard>
        <SummaryCard title="Nozzles by fuel" total={points.length} testId="assets-fuels">
          {countByFuel(points).map(({ fuel, count }) => (
            <CountRow key={fuel} label={<FuelBadge fuel={fuel} />} count={count} />
          ))}
        </SummaryCard>
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3">
            Assets
          </Title>
          <Text size="sm" c="dimmed">
            The equipment on this station's forecourt and its state now.
          </Text>
        </Stack>
        <Group gap="xs">
          <ButtonLink
            to="/stations/$slug/assets/dispensers"
            params={{ slug }}
            variant="default"
            leftSection={<IconDroplet size={16} aria-hidden />}
          >
            Dispensers
          </ButtonLink>
          <ButtonLink
            to="/stations/$slug/schematic"
            params={{ slug }}
            variant="default"
            leftSection={<IconSitemap size={16} aria-hidden />}
          >
            Schematic
          </ButtonLink>
        </Group>
      </Group>
      {content}
    </Stack>
  );
}
