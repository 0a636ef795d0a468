import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TQueryRecord } from '../../lib/query-string';
import { fetchReviews, replyToReview } from './api';

export const reviewKeys = {
  all: ['reviews'] as const,
  station: (slug: string) => [...reviewKeys.all, slug] as const,
  list: (slug: string, params: TQueryRecord) => [...reviewKeys.station(slug), params] as const,
  detail: (slug: string, id: number) => [...reviewKeys.all, 'detail', slug, id] as const,
};

export function useReviews(slug: string, params: TQueryRecord) {
  return useQuery({
    queryKey: reviewKeys.list(slug, params),
    queryFn: ({ signal }) => fetchReviews(slug, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Replies to a review; the station's review pages refresh. */
export function useReplyToReview(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) => replyToReview(slug, id, reply),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.station(slug) }),
  });
}
