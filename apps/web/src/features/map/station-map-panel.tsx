import { Box, Button, Stack, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { lazy } from 'react';
import { currentFailure, EmptyResult, ErrorState } from '../../components/query-states';
import { formatNumber } from '../../lib/format';
import { MapLoading, MapOnScreen } from './map-on-screen';
import { type TMapStationFilters, useMapStations } from './use-map-stations';
import { browserHasWebGl } from './webgl';

/** maplibre-gl (≈300 kB gzip) downloads only when a map is on screen (MapOnScreen). */
const StationMap = lazy(() => import('./station-map'));

const MAP_HEIGHT = 'clamp(360px, calc(100dvh - 320px), 720px)';

/**
 * The map view of /stations (`?view=map`): every station matching the list's filters, loaded
 * from the list endpoint in pages of 200, on a clustered map. Loading, error, empty and
 * "too many to draw" states are handled here; the map itself is lazy.
 */
export function StationMapPanel({
  filters,
  isFiltered,
  onClearFilters,
}: {
  filters: TMapStationFilters;
  isFiltered: boolean;
  onClearFilters: () => void;
}) {
  const canDraw = browserHasWebGl();
  const query = useMapStations(filters, { enabled: canDraw });
  const data = query.data;

  if (!canDraw) {
    return (
      <EmptyResult
        title="This browser cannot draw maps"
        description="The map needs WebGL. The list view shows the same stations."
      />
    );
  }
  const failure = currentFailure(query);
  if (!data) {
    return failure ? (
      <ErrorState
        title="Could not load the stations for the map"
        error={failure.error}
        autoRetrying={failure.retrying}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
      />
    ) : (
      <MapLoading label="Loading stations…" height={MAP_HEIGHT} />
    );
  }

  const stations = data.results;
  const noun = stations.length === 1 ? 'station' : 'stations';
  const label = `Map of ${formatNumber(stations.length)} ${noun}`;
  const empty =
    stations.length === 0 ? (
      <Stack gap="xs" align="center" ta="center">
        <Text fw={600}>{isFiltered ? 'No stations match these filters' : 'No stations yet'}</Text>
        <Text size="sm" c="dimmed">
          {isFiltered
            ? 'Try another search term, or widen the provider, fuel or status filters.'
            : 'Stations of your network will appear on the map.'}
        </Text>
        {isFiltered && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFilterOff size={14} aria-hidden />}
            onClick={onClearFilters}
          >
            Clear filters
          </Button>
        )}
      </Stack>
    ) : undefined;

  return (
    <Stack gap="xs">
      {query.isError && (
        <ErrorState title="Could not refresh the map" error={query.error} onRetry={() => query.refetch()} />
      )}
      <Box pos="relative" aria-busy={query.isPlaceholderData || undefined}>
        <MapOnScreen height={MAP_HEIGHT}>
          <StationMap stations={stations} label={label} overlay={empty} height={MAP_HEIGHT} />
        </MapOnScreen>
      </Box>
      <Text size="xs" c="dimmed" px="xs" pb="xs">
        {data.truncated
          ? `The map shows the first ${formatNumber(stations.length)} of ${formatNumber(data.count)}${data.approximate ? '+' : ''} stations; narrow the filters to see the rest. `
          : `${formatNumber(stations.length)} ${noun} on the map. `}
        {stations.length > 0 &&
          'Click a cluster to zoom in and a station for its details. With the map focused, arrow keys pan and + / − zoom; the list view has the same stations as a table.'}
      </Text>
    </Stack>
  );
}
