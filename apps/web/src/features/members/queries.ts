import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { outboxKeys } from '../mailbox';
import { stationListQueryOptions, ZStationListSearch } from '../stations';
import {
  fetchMembers,
  inviteMember,
  setMemberEnabled,
  type TInvitation,
  type TMemberPatch,
  updateMember,
} from './api';

export const memberKeys = {
  all: ['members'] as const,
  list: (page: number) => [...memberKeys.all, 'list', page] as const,
};

export function memberListQueryOptions(page: number) {
  return queryOptions({
    queryKey: memberKeys.list(page),
    queryFn: ({ signal }) => fetchMembers(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** `enabled`: false for callers without `members:r`, who never ask. */
export function useMembers(page: number, enabled = true) {
  return useQuery({ ...memberListQueryOptions(page), enabled });
}

/** Every station of the organisation (up to 200), for choosing a member's stations. */
export function useStationChoices(enabled = true) {
  return useQuery({ ...stationListQueryOptions(ZStationListSearch.parse({ limit: 200 })), enabled });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: TInvitation) => inviteMember(invitation),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      // The invitation mail is in the outbox now.
      void queryClient.invalidateQueries({ queryKey: outboxKeys.all });
    },
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: TMemberPatch }) => updateMember(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

export function useSetMemberEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => setMemberEnabled(id, enabled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
