import { z } from 'zod';

/** /mailbox?page=N&message=ID: the list page and the open message. */
export const ZMailboxSearch = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).catch(0).optional(),
  message: z.string().max(64).optional().catch(undefined),
});
