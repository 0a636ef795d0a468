import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute, Outlet } from '@tanstack/react-router';
import { currentFailure, ErrorState } from '../../../components/query-states';
import {
  StationHeader,
  StationHeaderSkeleton,
  StationNotFound,
} from '../../../features/stations/components/station-header';
import { useStation } from '../../../features/stations/queries';
import { isApiError } from '../../../lib/http';

export const Route = createLazyRoute('/shell/stations/$slug')({ component: StationLayout });

/** /stations/$slug/*: the station header above whichever station page is open. */
function StationLayout() {
  const { slug } = Route.useParams();
  const station = useStation(slug);
  useDocumentTitle(`${station.data?.name ?? 'Station'} · Forecourt`);

  if (station.data && !(station.isError && isApiError(station.error, 'NOT_FOUND'))) {
    return (
      <Stack gap="lg">
        <StationHeader station={station.data} />
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
