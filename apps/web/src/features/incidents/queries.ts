import type { TIncidentDetail, TIncidentStatus } from '@forecourt/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keepPreviousWithin } from '../../lib/keep-previous';
import {
  addIncidentNote,
  assignIncident,
  fetchAssignees,
  fetchFileBlob,
  fetchIncident,
  fetchIncidentPage,
  type TIncidentListParams,
  transitionIncident,
  uploadEvidence,
} from './api';

/** Query keys of the incidents screens. */
export const incidentKeys = {
  all: ['incidents'] as const,
  list: (params: TIncidentListParams) => [...incidentKeys.all, 'list', params] as const,
  detail: (id: number) => [...incidentKeys.all, 'detail', id] as const,
  assignees: (stationId: number) => [...incidentKeys.all, 'assignees', stationId] as const,
  file: (id: number) => [...incidentKeys.all, 'file', id] as const,
};

export function incidentListQueryOptions(params: TIncidentListParams) {
  return queryOptions({
    queryKey: incidentKeys.list(params),
    queryFn: ({ signal }) => fetchIncidentPage(params, signal),
    placeholderData: keepPreviousWithin([...incidentKeys.all, 'list']),
  });
}

export function useIncidentList(params: TIncidentListParams) {
  return useQuery(incidentListQueryOptions(params));
}

export function useIncident(id: number) {
  return useQuery({ queryKey: incidentKeys.detail(id), queryFn: ({ signal }) => fetchIncident(id, signal) });
}

export function useAssignees(stationId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: incidentKeys.assignees(stationId ?? 0),
    queryFn: ({ signal }) => fetchAssignees(stationId ?? 0, signal),
    enabled: enabled && stationId !== undefined,
    staleTime: 60_000,
  });
}

/** An evidence image as an object URL (revoked when the cache drops it). */
export function useFileBlob(id: number, enabled: boolean) {
  return useQuery({
    queryKey: incidentKeys.file(id),
    queryFn: ({ signal }) => fetchFileBlob(id, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The incident writes: each answers the fresh detail, which replaces the cached one. */
export function useIncidentActions(id: number) {
  const client = useQueryClient();
  const settle = (detail: TIncidentDetail) => {
    client.setQueryData(incidentKeys.detail(id), detail);
    void client.invalidateQueries({ queryKey: [...incidentKeys.all, 'list'] });
  };
  return {
    transition: useMutation({
      mutationFn: ({ to, note }: { to: TIncidentStatus; note?: string }) => transitionIncident(id, to, note),
      onSuccess: settle,
    }),
    assign: useMutation({
      mutationFn: (assigneeUserId: number | null) => assignIncident(id, assigneeUserId),
      onSuccess: settle,
    }),
    note: useMutation({ mutationFn: (text: string) => addIncidentNote(id, text), onSuccess: settle }),
    upload: useMutation({
      mutationFn: (file: File) => uploadEvidence(id, file),
      onSuccess: () => client.invalidateQueries({ queryKey: incidentKeys.detail(id) }),
    }),
  };
}
