import { LIST_DEFAULTS, zListQuery, zListResponse } from '@forecourt/contracts';
import { z } from 'zod';

/** One message of the embedded mailbox (`GET /api/outbox`). */
export const ZOutboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** True when the reader is not the recipient: `text` and `html` only say the body is private. */
  bodyHidden: z.boolean().optional(),
  createdAt: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

/** Page size 20, newest first; the order is fixed. */
export const ZOutboxListQuery = zListQuery({
  limit: LIST_DEFAULTS.default.limit,
  sortable: ['createdAt'],
  sort: '-createdAt',
});
export type TOutboxListQuery = z.infer<typeof ZOutboxListQuery>;

export const ZOutboxList = zListResponse(ZOutboxMessage);
export type TOutboxList = z.infer<typeof ZOutboxList>;

export const ZOutboxParams = z.object({ id: z.coerce.number().int().min(1) });
