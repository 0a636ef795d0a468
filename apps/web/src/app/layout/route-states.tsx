import { Button, Stack } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ButtonLink } from '../../components/links';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/query-states';

/** Shown while a route's code loads, if that takes longer than the router's pending delay. */
export function RoutePending() {
  return <LoadingState label="Loading…" />;
}

/** A route failed to load or render. A failed chunk usually means a new version was deployed. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const isChunkError =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <Stack gap="md" align="flex-start">
      <ErrorState
        title={isChunkError ? 'This page could not be loaded' : 'This page ran into a problem'}
        error={error}
        message={isChunkError ? 'A newer version of Forecourt may be available.' : undefined}
        onRetry={reset}
      />
      <Button variant="default" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Stack>
  );
}

export function NotFoundPage() {
  return (
    <Stack gap="md" align="flex-start">
      <PageHeader title="Page not found" description="The address does not match any page of Forecourt." />
      <ButtonLink to="/stations" variant="default">
        Go to stations
      </ButtonLink>
    </Stack>
  );
}
