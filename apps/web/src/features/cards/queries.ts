import type {
  TCardActivationRequestCreate,
  TCardDetail,
  TCardLimits,
  TCardStatusChange,
  TRequestDecision,
} from '@forecourt/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keepPreviousWithin } from '../../lib/keep-previous';
import {
  changeCardLimits,
  changeCardStatus,
  createCardRequest,
  decideCardRequest,
  fetchCard,
  fetchCardPage,
  fetchCardRequestPage,
  type TCardListParams,
} from './api';

/** Query keys of the cards screens. */
export const cardKeys = {
  all: ['cards'] as const,
  list: (params: TCardListParams) => [...cardKeys.all, 'list', params] as const,
  detail: (id: number) => [...cardKeys.all, 'detail', id] as const,
  requests: (params: TCardListParams) => [...cardKeys.all, 'requests', params] as const,
};

export function cardListQueryOptions(params: TCardListParams) {
  return queryOptions({
    queryKey: cardKeys.list(params),
    queryFn: ({ signal }) => fetchCardPage(params, signal),
    placeholderData: keepPreviousWithin([...cardKeys.all, 'list']),
  });
}

export function useCardList(params: TCardListParams) {
  return useQuery(cardListQueryOptions(params));
}

export function useCardRequestList(params: TCardListParams) {
  return useQuery({
    queryKey: cardKeys.requests(params),
    queryFn: ({ signal }) => fetchCardRequestPage(params, signal),
    placeholderData: keepPreviousWithin([...cardKeys.all, 'requests']),
  });
}

export function useCard(id: number) {
  return useQuery({ queryKey: cardKeys.detail(id), queryFn: ({ signal }) => fetchCard(id, signal) });
}

/** The card writes: each answers the fresh detail, which replaces the cached one. */
export function useCardActions(id: number) {
  const client = useQueryClient();
  const settle = (detail: TCardDetail) => {
    client.setQueryData(cardKeys.detail(id), detail);
    void client.invalidateQueries({ queryKey: [...cardKeys.all, 'list'] });
  };
  return {
    status: useMutation({
      mutationFn: (change: TCardStatusChange) => changeCardStatus(id, change),
      onSuccess: settle,
    }),
    limits: useMutation({
      mutationFn: (limits: TCardLimits) => changeCardLimits(id, limits),
      onSuccess: settle,
    }),
  };
}

/** Approve or reject a request; the lists and the card's detail are read again. */
export function useDecideCardRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: TRequestDecision }) =>
      decideCardRequest(id, decision),
    onSuccess: (item) => {
      void client.invalidateQueries({ queryKey: [...cardKeys.all, 'requests'] });
      void client.invalidateQueries({ queryKey: [...cardKeys.all, 'list'] });
      void client.invalidateQueries({ queryKey: cardKeys.detail(item.cardId) });
    },
  });
}

/** File an activation request; the card's detail and the request lists are read again. */
export function useCreateCardRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCardActivationRequestCreate) => createCardRequest(body),
    onSuccess: (item) => {
      void client.invalidateQueries({ queryKey: [...cardKeys.all, 'requests'] });
      void client.invalidateQueries({ queryKey: cardKeys.detail(item.cardId) });
    },
  });
}
