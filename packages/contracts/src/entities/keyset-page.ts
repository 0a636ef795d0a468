import { z } from 'zod';
import { ZTimeWindow } from '../time-window';

/**
 * Keyset paging on top of the list state (docs/PRODUCT.md, "Lists"). A page answers `{count, pages, results}` as
 * every list does, plus `nextCursor` when more rows follow. Sending that cursor back (with the same
 * filters and sort) seeks straight to the next page, so page 2,500 costs what page 1 costs. `page`
 * still works without a cursor for the first 10,000 rows (the most a capped count can show).
 */

/** Rows a list skips with a plain OFFSET; deeper pages without a cursor seek from a boundary key. */
export const MAX_OFFSET_ROWS = 1_000;

/** Rows reachable through `page` without a cursor (equal to COUNT_CAP, the largest count a list shows). */
export const MAX_PAGED_ROWS = 10_000;

/** An opaque position in a list (base64url); only the server reads it. */
export const ZCursor = z
  .string()
  .min(8)
  .max(512)
  .regex(/^[A-Za-z0-9_-]+$/, 'A cursor is the nextCursor of a previous page');

/** The `cursor` query parameter every keyset list accepts. */
export const ZCursorQuery = z.object({ cursor: ZCursor.optional() });

/**
 * A page of a keyset list: the list envelope plus `nextCursor` (absent on the last page) and, for
 * time-windowed lists, the resolved `window` the rows were read from.
 */
export function zKeysetPage<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    pages: z.number().int(),
    approximate: z.boolean().optional(),
    results: z.array(item),
    nextCursor: z.string().optional(),
    window: ZTimeWindow.optional(),
  });
}

export type TKeysetPage<T> = {
  count: number;
  pages: number;
  approximate?: boolean;
  results: T[];
  nextCursor?: string;
  window?: z.infer<typeof ZTimeWindow>;
};
