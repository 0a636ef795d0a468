import type { TStationProfileUpdate } from '@forecourt/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TQueryRecord } from '../../lib/query-string';
import { fetchProfile, fetchProfileList, saveProfile } from './api';

export const profileKeys = {
  all: ['station-profiles'] as const,
  list: (params: TQueryRecord) => [...profileKeys.all, 'list', params] as const,
  detail: (slug: string) => [...profileKeys.all, 'detail', slug] as const,
};

export function profileListQueryOptions(params: TQueryRecord) {
  return queryOptions({
    queryKey: profileKeys.list(params),
    queryFn: ({ signal }) => fetchProfileList(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProfileList(params: TQueryRecord) {
  return useQuery(profileListQueryOptions(params));
}

export function useProfile(slug: string) {
  return useQuery({
    queryKey: profileKeys.detail(slug),
    queryFn: ({ signal }) => fetchProfile(slug, signal),
  });
}

/** Saves the profile; the answer replaces the cached one and lists refresh. */
export function useSaveProfile(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TStationProfileUpdate) => saveProfile(slug, body),
    onSuccess: (detail) => {
      client.setQueryData(profileKeys.detail(slug), detail);
      void client.invalidateQueries({ queryKey: [...profileKeys.all, 'list'] });
    },
  });
}
