import type { TPersonnelCreate, TPersonnelUpdate } from '@forecourt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keepPreviousWithin } from '../../lib/keep-previous';
import type { TListParams } from '../../lib/list-params';
import { createPersonnel, fetchStationPersonnel, setPersonnelActive, updatePersonnel } from './api';

export const personnelKeys = {
  all: ['personnel'] as const,
  station: (slug: string) => [...personnelKeys.all, 'station', slug] as const,
  list: (slug: string, params: TListParams) => [...personnelKeys.station(slug), params] as const,
  detail: (id: number) => [...personnelKeys.all, 'detail', id] as const,
};

export function useStationPersonnel(slug: string, params: TListParams) {
  return useQuery({
    queryKey: personnelKeys.list(slug, params),
    queryFn: ({ signal }) => fetchStationPersonnel(slug, params, signal),
    placeholderData: keepPreviousWithin(personnelKeys.station(slug)),
  });
}

/** The writes of a station's staff; each refreshes the station's list. */
export function usePersonnelActions(slug: string) {
  const client = useQueryClient();
  const settle = () => client.invalidateQueries({ queryKey: personnelKeys.station(slug) });
  return {
    create: useMutation({
      mutationFn: (body: TPersonnelCreate) => createPersonnel(slug, body),
      onSuccess: settle,
    }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: number; patch: TPersonnelUpdate }) => updatePersonnel(id, patch),
      onSuccess: settle,
    }),
    setActive: useMutation({
      mutationFn: ({ id, active }: { id: number; active: boolean }) => setPersonnelActive(id, active),
      onSuccess: settle,
    }),
  };
}
