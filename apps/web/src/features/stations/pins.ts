import { type TStationPins, ZStationPins } from '@forecourt/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** The caller's pinned stations (docs/PRODUCT.md, "Saved views, pins and home pages"). */
export const stationPinsKey = ['station-pins'] as const;

const pinPath = (slug: string) => `/api/station-pins/${encodeURIComponent(slug)}`;

export function stationPinsQueryOptions() {
  return queryOptions({
    queryKey: stationPinsKey,
    queryFn: ({ signal }) => http.get('/api/station-pins', { signal, schema: ZStationPins }),
  });
}

/** The pinned stations the caller still sees, oldest pin first. */
export function useStationPins() {
  return useQuery(stationPinsQueryOptions());
}

/** Pin or unpin a station; the star turns at once and turns back if the server refuses. */
export function useTogglePin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, pinned }: { slug: string; pinned: boolean; name: string }) =>
      pinned
        ? http.put(pinPath(slug), { schema: ZStationPins })
        : http.delete(pinPath(slug), { schema: ZStationPins }),
    onMutate: async ({ slug, pinned, name }) => {
      await client.cancelQueries({ queryKey: stationPinsKey });
      const before = client.getQueryData<TStationPins>(stationPinsKey);
      if (before) {
        const results = pinned
          ? [
              ...before.results,
              {
                stationId: 0,
                slug,
                name,
                city: '',
                state: '',
                status: 'operational' as const,
                pinnedAt: new Date().toISOString(),
              },
            ]
          : before.results.filter((pin) => pin.slug !== slug);
        client.setQueryData<TStationPins>(stationPinsKey, { ...before, results });
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) client.setQueryData(stationPinsKey, context.before);
    },
    onSuccess: (pins) => client.setQueryData(stationPinsKey, pins),
  });
}
