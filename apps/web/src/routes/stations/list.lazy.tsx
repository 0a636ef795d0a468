import { Button, Paper, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/links';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { EmptyResult, ErrorState, LoadingState } from '../../components/query-states';
import { useCan } from '../../features/auth/session';
import { StationMapPanel } from '../../features/map/station-map-panel';
import { mapStationKeys } from '../../features/map/use-map-stations';
import { stationListCsvAddress } from '../../features/stations/api';
import { PinnedStations } from '../../features/stations/components/pinned-stations';
import { SetupChecklist } from '../../features/stations/components/setup-checklist';
import { StationFilters } from '../../features/stations/components/station-filters';
import { StationListActions } from '../../features/stations/components/station-list-actions';
import { StationTable } from '../../features/stations/components/station-table';
import { useStationList } from '../../features/stations/queries';
import {
  hasStationFilters,
  type TStationFilters,
  type TStationListSearch,
  type TStationSortField,
  toStationListParams,
} from '../../features/stations/search';
import { toggleSort } from '../../lib/list-sort';

export const Route = createLazyRoute('/shell/stations')({ component: StationListPage });

/** /stations: the network's stations with search, filters, sorting and paging, all kept in the URL. */
function StationListPage() {
  useDocumentTitle('Stations · Forecourt');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const list = useStationList(search);
  const queryClient = useQueryClient();
  const isMap = search.view === 'map';
  const isMapFetching = useIsFetching({ queryKey: mapStationKeys.all() }) > 0;

  const setSearch = (patch: Partial<TStationListSearch>, options: { replace?: boolean } = {}) =>
    navigate({ search: (previous) => ({ ...previous, ...patch }), replace: options.replace });

  const handleFiltersChange = (patch: TStationFilters, options?: { replace?: boolean }) =>
    setSearch({ ...patch, page: 0 }, options);
  const handleClearFilters = () =>
    navigate({ search: (previous) => ({ sort: previous.sort, limit: previous.limit, view: previous.view }) });
  const handleSort = (field: TStationSortField) =>
    setSearch({ sort: toggleSort(search.sort, field), page: 0 });
  const handlePageChange = (page: number) => setSearch({ page });
  const handleViewChange = (view: string) => setSearch({ view: view === 'map' ? 'map' : undefined });
  const handleRefresh = () =>
    isMap ? queryClient.refetchQueries({ queryKey: mapStationKeys.all(), type: 'active' }) : list.refetch();

  const isFiltered = hasStationFilters(search);
  const canAddStation = useCan('stations:c');
  const data = list.data;

  let content: ReactNode;
  if (!data) {
    content = list.isError ? (
      <ErrorState
        title="Could not load stations"
        error={list.error}
        onRetry={() => list.refetch()}
        isRetrying={list.isFetching}
      />
    ) : (
      <LoadingState label="Loading stations…" />
    );
  } else if (data.results.length === 0) {
    content =
      data.count > 0 ? (
        <EmptyResult
          title="No stations on this page"
          description={`The list has ${data.pages} page${data.pages === 1 ? '' : 's'}.`}
          action={<Button onClick={() => handlePageChange(0)}>Go to the first page</Button>}
        />
      ) : isFiltered ? (
        <EmptyResult
          title="No stations match these filters"
          description="Try another search term, or widen the provider, fuel or status filters."
          action={
            <Button leftSection={<IconFilterOff size={16} aria-hidden />} onClick={handleClearFilters}>
              Clear filters
            </Button>
          }
        />
      ) : (
        <EmptyResult
          title="No stations yet"
          description={
            canAddStation
              ? 'Add your first station with its dispensers; its data key comes next.'
              : 'Stations of your network will be listed here once an admin adds them.'
          }
          action={
            canAddStation ? (
              <ButtonLink to="/stations/new" leftSection={<IconPlus size={16} aria-hidden />}>
                Add a station
              </ButtonLink>
            ) : undefined
          }
        />
      );
  } else {
    content = (
      <Stack gap="sm">
        <StationTable
          stations={data.results}
          sort={search.sort}
          onSort={handleSort}
          busy={list.isPlaceholderData}
        />
        <Pager
          page={search.page}
          pages={data.pages}
          count={data.count}
          approximate={data.approximate}
          noun={{ one: 'station', other: 'stations' }}
          onPageChange={handlePageChange}
          disabled={list.isPlaceholderData}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Stations"
        description="Every station in your network, with its fuels and current status."
        actions={
          <StationListActions
            isMap={isMap}
            onViewChange={handleViewChange}
            csvUrl={isMap ? null : stationListCsvAddress(toStationListParams(search))}
            canAddStation={canAddStation}
            onRefresh={handleRefresh}
            refreshing={isMap ? isMapFetching : list.isFetching && !list.isPending}
          />
        }
      />
      <SetupChecklist />
      <PinnedStations />
      <StationFilters value={search} onChange={handleFiltersChange} onClear={handleClearFilters} />
      {!isMap && data && list.isError && (
        <ErrorState title="Could not refresh stations" error={list.error} onRetry={() => list.refetch()} />
      )}
      {isMap ? (
        <Paper withBorder p={0} radius="md">
          <StationMapPanel filters={search} isFiltered={isFiltered} onClearFilters={handleClearFilters} />
        </Paper>
      ) : (
        <Paper withBorder p={data?.results.length ? 0 : 'md'} radius="md">
          {content}
        </Paper>
      )}
    </Stack>
  );
}
