import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/http';
import { currentFailure, ErrorState, LoadingState } from './query-states';

/** What a detail screen reads from its query. */
type TRecordQuery<T> = Pick<
  UseQueryResult<T>,
  'data' | 'isError' | 'error' | 'failureReason' | 'isFetching' | 'refetch'
>;

/**
 * The frame of a screen about one record until its data arrives: loading, "not found" (a 404,
 * nothing to retry) or "could not load" (with a retry), each under the back link. Then `children`.
 */
export function RecordQuery<T>({
  query,
  back,
  noun,
  notFound,
  loadingLabel = `Loading the ${noun}…`,
  children,
}: {
  query: TRecordQuery<T>;
  back: ReactNode;
  /** The record in words: "card" gives "Card not found" and "Could not load the card". */
  noun: string;
  /** Why it may be missing, shown under "… not found". */
  notFound: string;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  const failure = currentFailure(query);
  if (!failure) return <LoadingState label={loadingLabel} />;
  const missing = isApiError(failure.error, 'NOT_FOUND');
  return (
    <Stack gap="md">
      {back}
      <ErrorState
        title={missing ? `${noun[0]!.toUpperCase()}${noun.slice(1)} not found` : `Could not load the ${noun}`}
        message={missing ? notFound : undefined}
        error={failure.error}
        autoRetrying={failure.retrying}
        onRetry={missing ? undefined : () => query.refetch()}
        isRetrying={query.isFetching}
      />
    </Stack>
  );
}
