import type { TStation, TStationList } from '@forecourt/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createApiKey,
  createStation,
  fetchApiKeys,
  fetchOnboarding,
  fetchStation,
  fetchStationList,
  revokeApiKey,
} from './api';
import { type TStationListParams, type TStationListSearch, toStationListParams } from './search';

/** Query keys of the stations feature; invalidate `stationKeys.all` to refresh everything station. */
export const stationKeys = {
  all: ['stations'] as const,
  lists: () => [...stationKeys.all, 'list'] as const,
  list: (params: TStationListParams) => [...stationKeys.lists(), params] as const,
  details: () => [...stationKeys.all, 'detail'] as const,
  detail: (slug: string) => [...stationKeys.details(), slug] as const,
};

export function stationListQueryOptions(search: TStationListSearch) {
  const params = toStationListParams(search);
  return queryOptions({
    queryKey: stationKeys.list(params),
    queryFn: ({ signal }) => fetchStationList(params, signal),
    // Paging and filtering keep the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function stationQueryOptions(slug: string) {
  return queryOptions({
    queryKey: stationKeys.detail(slug),
    queryFn: ({ signal }) => fetchStation(slug, signal),
  });
}

/** The station list for the current search. */
export function useStationList(search: TStationListSearch) {
  return useQuery(stationListQueryOptions(search));
}

/**
 * One station. While it loads, a row from any cached list page stands in, so opening a station
 * from the list shows its header at once.
 */
export function useStation(slug: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...stationQueryOptions(slug),
    placeholderData: () =>
      findCachedStation(queryClient.getQueriesData<TStationList>({ queryKey: stationKeys.lists() }), slug),
  });
}

function findCachedStation(
  lists: [readonly unknown[], TStationList | undefined][],
  slug: string,
): TStation | undefined {
  for (const [, list] of lists) {
    const station = list?.results.find((candidate) => candidate.slug === slug);
    if (station) return station;
  }
  return undefined;
}

export const onboardingKey = ['onboarding'] as const;
const apiKeysKey = (slug: string) => [...stationKeys.detail(slug), 'api-keys'] as const;

/** The organisation's setup checklist; only fetched for admins (`enabled`). */
export function useOnboarding(enabled: boolean) {
  return useQuery({ queryKey: onboardingKey, queryFn: ({ signal }) => fetchOnboarding(signal), enabled });
}

/** Adds a station; every station list and the checklist refresh. */
export function useCreateStation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createStation,
    onSuccess: (station) => {
      client.setQueryData(stationKeys.detail(station.slug), station);
      void client.invalidateQueries({ queryKey: stationKeys.lists() });
      void client.invalidateQueries({ queryKey: onboardingKey });
    },
  });
}

export function useApiKeys(slug: string) {
  return useQuery({ queryKey: apiKeysKey(slug), queryFn: ({ signal }) => fetchApiKeys(slug, signal) });
}

/** Issue and revoke a station's ingest keys; the list and the checklist refresh after each. */
export function useApiKeyActions(slug: string) {
  const client = useQueryClient();
  const settle = () => {
    void client.invalidateQueries({ queryKey: apiKeysKey(slug) });
    void client.invalidateQueries({ queryKey: onboardingKey });
  };
  return {
    create: useMutation({ mutationFn: (name: string) => createApiKey(slug, name), onSettled: settle }),
    revoke: useMutation({ mutationFn: (id: number) => revokeApiKey(slug, id), onSettled: settle }),
  };
}
