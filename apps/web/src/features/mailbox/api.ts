import { z } from 'zod';
import { http } from '../../lib/http';

/** One mail kept by the embedded outbox (docs/API.md "Outbox"). */
export const ZOutboxMessage = z.object({
  id: z.union([z.number(), z.string()]),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable().optional(),
  html: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZOutboxList = z.object({
  count: z.number().int(),
  pages: z.number().int(),
  results: z.array(ZOutboxMessage),
  approximate: z.boolean().optional(),
});
export type TOutboxList = z.infer<typeof ZOutboxList>;

export const OUTBOX_PAGE_SIZE = 20;

export function fetchOutbox(page: number, signal?: AbortSignal): Promise<TOutboxList> {
  return http.get('/api/outbox', { query: { page, limit: OUTBOX_PAGE_SIZE }, signal, schema: ZOutboxList });
}

export function fetchOutboxMessage(id: string, signal?: AbortSignal): Promise<TOutboxMessage> {
  return http.get(`/api/outbox/${encodeURIComponent(id)}`, { signal, schema: ZOutboxMessage });
}
