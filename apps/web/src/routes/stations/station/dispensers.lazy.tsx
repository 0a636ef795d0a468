import { ActionIcon, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconFilterOff, IconRefresh } from '@tabler/icons-react';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FilterBar } from '../../../components/filter-bar';
import { KeysetPager, useKeysetPaging } from '../../../components/keyset-pager';
import { EmptyResult, ErrorState, LoadingState } from '../../../components/query-states';
import { DispenserTable } from '../../../features/assets/components/dispenser-table';
import { DISPENSER_FILTERS } from '../../../features/assets/filters';
import { useDispenserRegistry } from '../../../features/assets/queries';
import {
  DEFAULT_DISPENSER_SORT,
  hasDispenserFilters,
  type TDispenserFilters,
  type TDispenserSortField,
  type TDispensersSearch,
  toDispenserRegistryParams,
} from '../../../features/assets/search';
import { TimeWindowControl, useTimeWindow } from '../../../features/time-window';
import { toggleSort } from '../../../lib/list-sort';

export const Route = createLazyRoute('/shell/stations/$slug/assets/dispensers')({
  component: StationDispensers,
});

/**
 * /stations/$slug/assets/dispensers: the dispenser → nozzle registry with each nozzle's last fill
 * and its health over the window (the default window: an hour unless chosen, at most a week). Filters, sort, window and
 * the keyset position are all in the address bar.
 */
function StationDispensers() {
  const { slug } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const timeWindow = useTimeWindow('default');
  const params = toDispenserRegistryParams(search, timeWindow.window);
  const registry = useDispenserRegistry(slug, params, !timeWindow.error);
  const paging = useKeysetPaging(search.cursor);
  const sort = search.sort ?? DEFAULT_DISPENSER_SORT;

  const setSearch = (patch: Partial<TDispensersSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...patch }) });
  const restart = (patch: Partial<TDispensersSearch>) => setSearch({ ...patch, cursor: undefined });
  const handleClear = () => restart({ status: undefined, fuel: undefined });
  const handleSort = (field: TDispenserSortField) => {
    const next = toggleSort(sort, field);
    restart({ sort: next === DEFAULT_DISPENSER_SORT ? undefined : next });
  };

  const data = registry.data;
  const isFiltered = hasDispenserFilters(search);
  let content: ReactNode;
  if (timeWindow.error) {
    content = null;
  } else if (!data) {
    content = registry.isError ? (
      <ErrorState
        title="Could not load the dispensers"
        error={registry.error}
        onRetry={() => registry.refetch()}
        isRetrying={registry.isFetching}
      />
    ) : (
      <LoadingState label="Loading dispensers…" />
    );
  } else if (data.results.length === 0) {
    content = isFiltered ? (
      <EmptyResult
        title="No dispensers match these filters"
        description="Widen the status or fuel filters."
        action={
          <Button leftSection={<IconFilterOff size={16} aria-hidden />} onClick={handleClear}>
            Clear filters
          </Button>
        }
      />
    ) : search.cursor ? (
      <EmptyResult
        title="No dispensers on this page"
        action={<Button onClick={() => restart({})}>Go to the first page</Button>}
      />
    ) : (
      <EmptyResult
        title="No dispensers at this station"
        description="Dispensers registered for this station are listed here with their nozzles."
      />
    );
  } else {
    content = (
      <Stack gap="sm">
        <DispenserTable
          dispensers={data.results}
          sort={sort}
          onSort={handleSort}
          busy={registry.isPlaceholderData}
        />
        <KeysetPager
          paging={paging}
          count={data.count}
          pages={data.pages}
          approximate={data.approximate}
          nextCursor={data.nextCursor}
          noun={{ one: 'dispenser', other: 'dispensers' }}
          disabled={registry.isPlaceholderData}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3">
            Dispensers
          </Title>
          <Text size="sm" c="dimmed">
            Every dispenser with its nozzles; fills, quantity and flow rate over the window.
          </Text>
        </Stack>
        <Tooltip label="Refresh">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Refresh dispensers"
            onClick={() => registry.refetch()}
            loading={registry.isFetching && !registry.isPending}
          >
            <IconRefresh size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <TimeWindowControl api={timeWindow} />
      <FilterBar
        fields={DISPENSER_FILTERS}
        values={search}
        onChange={(patch) => restart(patch as TDispenserFilters)}
      />
      {data && registry.isError && (
        <ErrorState
          title="Could not refresh the dispensers"
          error={registry.error}
          onRetry={() => registry.refetch()}
        />
      )}
      <Paper withBorder p={data?.results.length ? 0 : 'md'} radius="md">
        {content}
      </Paper>
    </Stack>
  );
}
