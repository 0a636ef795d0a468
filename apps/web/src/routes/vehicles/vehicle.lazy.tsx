import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { ErrorState, LoadingState } from '../../components/query-states';
import { RefreshButton } from '../../components/refresh-button';
import { normalizeRegistration } from '../../features/operations/api';
import {
  VehicleHeader,
  VehicleHeaderSkeleton,
  VehicleNotFound,
  VehicleSections,
  VehicleTotals,
} from '../../features/operations/components/vehicle-detail';
import { useVehicleDetail } from '../../features/operations/queries';
import { TimeWindowControl, useTimeWindow } from '../../features/time-window';
import { isApiError } from '../../lib/http';

export const Route = createLazyRoute('/shell/vehicles/$registration')({ component: VehiclePage });

/** A 404, or a registration the API cannot read: either way there is no such vehicle. */
function isMissingVehicle(error: unknown): boolean {
  return (
    isApiError(error, 'NOT_FOUND') ||
    (isApiError(error, 'VALIDATION_FAILED') && Boolean(error.details?.some((d) => d.path === 'registration')))
  );
}

/**
 * /vehicles/$registration: one vehicle across the network in a window (24 hours by default, at most
 * 180 days): totals, the stations it filled at, its latest fills and camera reads, and its challans.
 */
function VehiclePage() {
  const registration = normalizeRegistration(Route.useParams().registration);
  useDocumentTitle(`${registration} · Vehicles · Forecourt`);
  const window = useTimeWindow('vehicle');
  const detail = useVehicleDetail(registration, window.params, !window.error);
  const data = detail.data;

  if (detail.isError && isMissingVehicle(detail.error))
    return <VehicleNotFound registration={registration} />;

  return (
    <Stack gap="lg">
      {data ? (
        <VehicleHeader
          vehicle={data.vehicle}
          actions={
            <RefreshButton
              label="Refresh vehicle"
              onRefresh={() => detail.refetch()}
              refreshing={detail.isFetching && !detail.isPending}
              disabled={Boolean(window.error)}
            />
          }
        />
      ) : (
        <VehicleHeaderSkeleton />
      )}
      <TimeWindowControl api={window} />
      {detail.isError && (
        <ErrorState
          title={data ? 'Could not refresh this vehicle' : 'Could not load this vehicle'}
          error={detail.error}
          onRetry={() => detail.refetch()}
          isRetrying={detail.isFetching}
        />
      )}
      {!window.error && !data && !detail.isError && <LoadingState label="Loading vehicle…" />}
      {!window.error && data && (
        <>
          <VehicleTotals totals={data.totals} />
          <VehicleSections detail={data} busy={detail.isPlaceholderData} />
        </>
      )}
    </Stack>
  );
}
