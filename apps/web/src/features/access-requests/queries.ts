import type { TRequestDecision, TStationAccessRequestCreate } from '@forecourt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keepPreviousWithin } from '../../lib/keep-previous';
import type { TListParams } from '../../lib/list-params';
import {
  cancelAccessRequest,
  createAccessRequest,
  decideAccessRequest,
  fetchAccessRequestPage,
  fetchRequestableStations,
} from './api';

export const accessRequestKeys = {
  all: ['access-requests'] as const,
  list: (params: TListParams) => [...accessRequestKeys.all, 'list', params] as const,
  requestable: () => [...accessRequestKeys.all, 'requestable'] as const,
  detail: (id: number) => [...accessRequestKeys.all, 'detail', id] as const,
};

export function useAccessRequestList(params: TListParams) {
  return useQuery({
    queryKey: accessRequestKeys.list(params),
    queryFn: ({ signal }) => fetchAccessRequestPage(params, signal),
    placeholderData: keepPreviousWithin([...accessRequestKeys.all, 'list']),
  });
}

export function useRequestableStations(enabled: boolean) {
  return useQuery({
    queryKey: accessRequestKeys.requestable(),
    queryFn: ({ signal }) => fetchRequestableStations(signal),
    enabled,
  });
}

/** The writes; each refreshes the lists (and, for an approval, anything that lists stations). */
export function useAccessRequestActions() {
  const client = useQueryClient();
  const settle = () => client.invalidateQueries({ queryKey: accessRequestKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: TStationAccessRequestCreate) => createAccessRequest(body),
      onSuccess: settle,
    }),
    decide: useMutation({
      mutationFn: ({ id, decision }: { id: number; decision: TRequestDecision }) =>
        decideAccessRequest(id, decision),
      onSuccess: settle,
    }),
    cancel: useMutation({ mutationFn: (id: number) => cancelAccessRequest(id), onSuccess: settle }),
  };
}
