import {
  type TCardActivationRequestCreate,
  type TCardActivationRequestItem,
  type TCardActivationRequestPage,
  type TCardDetail,
  type TCardLimits,
  type TCardPage,
  type TCardStatusChange,
  type TRequestDecision,
  ZCardActivationRequestItem,
  ZCardActivationRequestPage,
  ZCardDetail,
  ZCardPage,
} from '@forecourt/contracts';
import { http } from '../../lib/http';
import { listCsvUrl } from '../../lib/list-params';

/** Query-string values of a list call: filters, sort and cursor. */
export type TCardListParams = Record<string, string | string[] | undefined>;

/** GET /api/cards: one keyset page. */
export function fetchCardPage(params: TCardListParams, signal?: AbortSignal): Promise<TCardPage> {
  return http.get('/api/cards', { query: params, signal, schema: ZCardPage });
}

/** GET /api/cards/:id: the card with its activation requests and audit trail. */
export function fetchCard(id: number, signal?: AbortSignal): Promise<TCardDetail> {
  return http.get(`/api/cards/${id}`, { signal, schema: ZCardDetail });
}

/** POST /api/cards/:id/status: block or unblock with a reason. */
export function changeCardStatus(id: number, change: TCardStatusChange): Promise<TCardDetail> {
  return http.post(`/api/cards/${id}/status`, { body: change, schema: ZCardDetail });
}

/** PATCH /api/cards/:id/limits. */
export function changeCardLimits(id: number, limits: TCardLimits): Promise<TCardDetail> {
  return http.patch(`/api/cards/${id}/limits`, { body: limits, schema: ZCardDetail });
}

/** GET /api/card-activation-requests: one keyset page. */
export function fetchCardRequestPage(
  params: TCardListParams,
  signal?: AbortSignal,
): Promise<TCardActivationRequestPage> {
  return http.get('/api/card-activation-requests', {
    query: params,
    signal,
    schema: ZCardActivationRequestPage,
  });
}

/** POST /api/card-activation-requests. */
export function createCardRequest(body: TCardActivationRequestCreate): Promise<TCardActivationRequestItem> {
  return http.post('/api/card-activation-requests', { body, schema: ZCardActivationRequestItem });
}

/** POST /api/card-activation-requests/:id/decision. */
export function decideCardRequest(
  id: number,
  decision: TRequestDecision,
): Promise<TCardActivationRequestItem> {
  return http.post(`/api/card-activation-requests/${id}/decision`, {
    body: decision,
    schema: ZCardActivationRequestItem,
  });
}

/** The cards list URL with `format=csv` (filters and sort applied; no cursor: every row). */
export function cardsCsvUrl(params: TCardListParams): string {
  return listCsvUrl('/api/cards', params);
}

/** The activation requests list URL with `format=csv`. */
export function cardRequestsCsvUrl(params: TCardListParams): string {
  return listCsvUrl('/api/card-activation-requests', params);
}
