import type { TOrganizationUpdate } from '@forecourt/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TQueryRecord } from '../../lib/query-string';
import { sessionKeys } from '../auth';
import { fetchCurrentOrganization, fetchOrganizations, updateCurrentOrganization } from './api';

export const organizationKeys = {
  all: ['organizations'] as const,
  list: (params: TQueryRecord) => [...organizationKeys.all, 'list', params] as const,
  current: () => [...organizationKeys.all, 'current'] as const,
};

export function useOrganizations(params: TQueryRecord) {
  return useQuery({
    queryKey: organizationKeys.list(params),
    queryFn: ({ signal }) => fetchOrganizations(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCurrentOrganization() {
  return useQuery({
    queryKey: organizationKeys.current(),
    queryFn: ({ signal }) => fetchCurrentOrganization(signal),
  });
}

/** Saves the settings; the list and the profile menu (which shows the name) refresh. */
export function useUpdateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrganizationUpdate) => updateCurrentOrganization(body),
    onSuccess: (detail) => {
      client.setQueryData(organizationKeys.current(), detail);
      void client.invalidateQueries({ queryKey: [...organizationKeys.all, 'list'] });
      void client.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
