import type { TSettlementDetail, TSettlementTransition } from '@forecourt/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keepPreviousWithin } from '../../lib/keep-previous';
import type { TListParams } from '../../lib/list-params';
import {
  fetchLoyaltyTransactions,
  fetchPrograms,
  fetchSettlement,
  fetchSettlements,
  transitionSettlement,
} from './api';

/** Query keys of the loyalty screens. */
export const loyaltyKeys = {
  all: ['loyalty'] as const,
  programs: () => [...loyaltyKeys.all, 'programs'] as const,
  program: (slug: string) => [...loyaltyKeys.all, 'program', slug] as const,
  transactions: (slug: string, params: TListParams) =>
    [...loyaltyKeys.program(slug), 'transactions', params] as const,
  settlements: (slug: string, params: TListParams) =>
    [...loyaltyKeys.program(slug), 'settlements', params] as const,
  settlement: (slug: string, id: number) => [...loyaltyKeys.program(slug), 'settlement', id] as const,
};

/** Programmes change rarely: kept for ten minutes. */
export function useLoyaltyPrograms() {
  return useQuery({
    queryKey: loyaltyKeys.programs(),
    queryFn: ({ signal }) => fetchPrograms(signal),
    staleTime: 10 * 60_000,
  });
}

export function loyaltyTransactionsQueryOptions(slug: string, params: TListParams) {
  return queryOptions({
    queryKey: loyaltyKeys.transactions(slug, params),
    queryFn: ({ signal }) => fetchLoyaltyTransactions(slug, params, signal),
    placeholderData: keepPreviousWithin([...loyaltyKeys.program(slug), 'transactions']),
  });
}

/** One page of the ledger; `enabled` is false while the window is invalid. */
export function useLoyaltyTransactions(slug: string, params: TListParams, enabled: boolean) {
  return useQuery({ ...loyaltyTransactionsQueryOptions(slug, params), enabled });
}

export function useSettlements(slug: string, params: TListParams, enabled: boolean) {
  return useQuery({
    queryKey: loyaltyKeys.settlements(slug, params),
    queryFn: ({ signal }) => fetchSettlements(slug, params, signal),
    placeholderData: keepPreviousWithin([...loyaltyKeys.program(slug), 'settlements']),
    enabled,
  });
}

export function useSettlement(slug: string, id: number) {
  return useQuery({
    queryKey: loyaltyKeys.settlement(slug, id),
    queryFn: ({ signal }) => fetchSettlement(slug, id, signal),
  });
}

/** A payout move: the answer replaces the cached statement and the lists refresh. */
export function useSettlementTransition(slug: string, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSettlementTransition) => transitionSettlement(slug, id, body),
    onSuccess: (detail: TSettlementDetail) => {
      client.setQueryData(loyaltyKeys.settlement(slug, id), detail);
      void client.invalidateQueries({ queryKey: [...loyaltyKeys.program(slug), 'settlements'] });
    },
  });
}
