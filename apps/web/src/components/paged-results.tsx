import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Pager } from './pager';
import { currentFailure, EmptyResult, ErrorState, LoadingState } from './query-states';

/** A page of a list as the API answers it. */
type TPage<T> = { results: T[]; pages: number; count: number; approximate?: boolean };

/** What a paged list reads from its query. */
type TPagedQuery<T> = {
  data?: TPage<T>;
  isError: boolean;
  error: unknown;
  failureReason?: unknown;
  refetch: () => unknown;
  isPlaceholderData: boolean;
};

/**
 * A page-numbered list: loading, failed (with a retry), empty, or `children(rows)` above the pager
 * (held while the next page loads).
 */
export function PagedResults<T>({
  query,
  loadingLabel,
  errorTitle,
  emptyTitle,
  page,
  noun,
  onPageChange,
  children,
}: {
  query: TPagedQuery<T>;
  loadingLabel: string;
  errorTitle: string;
  emptyTitle: string;
  /** From 0, as the API counts. */
  page: number;
  noun: { one: string; other: string };
  onPageChange: (page: number) => void;
  children: (rows: T[]) => ReactNode;
}) {
  const data = query.data;
  const failure = currentFailure(query);
  if (!data)
    return failure ? (
      <ErrorState
        title={errorTitle}
        error={failure.error}
        autoRetrying={failure.retrying}
        onRetry={() => query.refetch()}
      />
    ) : (
      <LoadingState label={loadingLabel} />
    );
  if (data.results.length === 0) return <EmptyResult title={emptyTitle} />;
  return (
    <Stack gap="sm">
      {children(data.results)}
      <Pager
        page={page}
        pages={data.pages}
        count={data.count}
        approximate={data.approximate}
        noun={noun}
        onPageChange={onPageChange}
        disabled={query.isPlaceholderData}
      />
    </Stack>
  );
}
