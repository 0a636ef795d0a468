import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute, Outlet } from '@tanstack/react-router';
import { StationNav } from '../../../app/layout/station-nav';
import { currentFailure, ErrorState } from '../../../components/query-states';
import {
  StationHeader,
  StationHeaderSkeleton,
  StationNotFound,
} from '../../../features/stations/components/station-header';
import { useStation } from '../../../features/stations/queries';
import { isApiError } from '../../../lib/http';

export const Route = createLazyRoute('/shell/stations/$slug')({ component: StationLayout });

/** /stations/$slug/*: the station's compact header and its sections above whichever page is open. */
function StationLayout() {
  const { slug } = Route.useParams();
  const station = useStation(slug);
  useDocumentTitle(`${station.data?.name ?? 'Station'} · Forecourt`);

  if (station.data && !(station.isError && isApiError(station.error, 'NOT_FOUND'))) {
    return (
      <Stack gap="md">
        <Stack gap="xs">
          <StationHeader station={station.data} />
          <StationNav slug={slug} stationName={station.data.name} />
        </Stack>
        <Outlet />
      </Stack>
    );
  }
  const failure = currentFailure(station);
  if (failure) {
    return isApiError(failure.error, 'NOT_FOUND') ? (
      <StationNotFound slug={slug} />
    ) : (
      <ErrorState
        title="Could not load this station"
        error={failure.error}
        autoRetrying={failure.retrying}
        onRetry={() => station.refetch()}
        isRetrying={station.isFetching}
      />
    );
  }
  return <StationHeaderSkeleton />;
}
