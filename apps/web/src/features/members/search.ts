import { z } from 'zod';

/** /settings/members?page=N (from 0); a bad value falls back to the first page. */
export const ZMemberListSearch = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).catch(0).optional(),
});
