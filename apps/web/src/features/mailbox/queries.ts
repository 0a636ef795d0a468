import type { TOutboxList, TOutboxMessage } from '@forecourt/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchOutbox, fetchOutboxMessage } from './api';

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (page: number) => [...outboxKeys.all, 'list', page] as const,
  message: (id: string) => [...outboxKeys.all, 'message', id] as const,
};

export function outboxListQueryOptions(page: number) {
  return queryOptions({
    queryKey: outboxKeys.list(page),
    queryFn: ({ signal }) => fetchOutbox(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(page: number) {
  return useQuery(outboxListQueryOptions(page));
}

/** One message; the list already holds it, so it shows at once when opened from there. */
export function useOutboxMessage(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery<TOutboxMessage>({
    queryKey: outboxKeys.message(id ?? ''),
    queryFn: ({ signal }) => fetchOutboxMessage(id ?? '', signal),
    enabled: Boolean(id),
    placeholderData: () =>
      findCached(queryClient.getQueriesData<TOutboxList>({ queryKey: outboxKeys.all }), id),
  });
}

function findCached(
  entries: [readonly unknown[], TOutboxList | TOutboxMessage | undefined][],
  id: string | undefined,
): TOutboxMessage | undefined {
  for (const [, data] of entries) {
    if (data && 'results' in data) {
      const found = data.results.find((message) => String(message.id) === id);
      if (found) return found;
    }
  }
  return undefined;
}
