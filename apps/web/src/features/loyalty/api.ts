import {
  type TLoyaltyPrograms,
  type TLoyaltyTransactionPage,
  type TSettlementDetail,
  type TSettlementPage,
  type TSettlementTransition,
  ZLoyaltyPrograms,
  ZLoyaltyTransactionPage,
  ZSettlementDetail,
  ZSettlementPage,
} from '@forecourt/contracts';
import { http } from '../../lib/http';
import { listCsvUrl, type TListParams } from '../../lib/list-params';

const programPath = (slug: string) => `/api/loyalty/${encodeURIComponent(slug)}`;

/** GET /api/loyalty: the organisation's programmes. */
export function fetchPrograms(signal?: AbortSignal): Promise<TLoyaltyPrograms> {
  return http.get('/api/loyalty', { signal, schema: ZLoyaltyPrograms });
}

/** GET /api/loyalty/:slug/transactions: one keyset page of the ledger. */
export function fetchLoyaltyTransactions(
  slug: string,
  params: TListParams,
  signal?: AbortSignal,
): Promise<TLoyaltyTransactionPage> {
  return http.get(`${programPath(slug)}/transactions`, {
    query: params,
    signal,
    schema: ZLoyaltyTransactionPage,
  });
}

/** GET /api/loyalty/:slug/settlements: one keyset page. */
export function fetchSettlements(
  slug: string,
  params: TListParams,
  signal?: AbortSignal,
): Promise<TSettlementPage> {
  return http.get(`${programPath(slug)}/settlements`, { query: params, signal, schema: ZSettlementPage });
}

/** GET /api/loyalty/:slug/settlements/:id: the statement. */
export function fetchSettlement(slug: string, id: number, signal?: AbortSignal): Promise<TSettlementDetail> {
  return http.get(`${programPath(slug)}/settlements/${id}`, { signal, schema: ZSettlementDetail });
}

/** POST /api/loyalty/:slug/settlements/:id/status: the fresh statement. */
export function transitionSettlement(
  slug: string,
  id: number,
  body: TSettlementTransition,
): Promise<TSettlementDetail> {
  return http.post(`${programPath(slug)}/settlements/${id}/status`, { body, schema: ZSettlementDetail });
}

/** The ledger's CSV address (filters, window and sort; every row). */
export function loyaltyTransactionsCsvUrl(slug: string, params: TListParams): string {
  return listCsvUrl(`${programPath(slug)}/transactions`, params);
}

/** The settlements' CSV address. */
export function settlementsCsvUrl(slug: string, params: TListParams): string {
  return listCsvUrl(`${programPath(slug)}/settlements`, params);
}
