import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-states';

/** What a dialog body reads from its query. */
type TBodyQuery<T> = { data?: T; isError: boolean; error: unknown };

/** A dialog's body: "loading", what went wrong (no retry: close and open again), or `children(data)`. */
export function QueryBody<T>({
  query,
  errorTitle,
  loadingLabel,
  children,
}: {
  query: TBodyQuery<T>;
  errorTitle: string;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  return query.isError ? (
    <ErrorState title={errorTitle} error={query.error} />
  ) : (
    <LoadingState label={loadingLabel} />
  );
}
