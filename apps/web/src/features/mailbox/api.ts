import { type TOutboxList, type TOutboxMessage, ZOutboxList, ZOutboxMessage } from '@forecourt/contracts';
import { http } from '../../lib/http';

/** The embedded outbox (docs/API.md "Outbox"): a page of 20 messages, newest first. */
export const OUTBOX_PAGE_SIZE = 20;

export function fetchOutbox(page: number, signal?: AbortSignal): Promise<TOutboxList> {
  return http.get('/api/outbox', { query: { page, limit: OUTBOX_PAGE_SIZE }, signal, schema: ZOutboxList });
}

export function fetchOutboxMessage(id: string, signal?: AbortSignal): Promise<TOutboxMessage> {
  return http.get(`/api/outbox/${encodeURIComponent(id)}`, { signal, schema: ZOutboxMessage });
}
