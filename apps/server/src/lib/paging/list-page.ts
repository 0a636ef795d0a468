import type { TKeysetPage, TSortSpec, TTimeWindow } from '@forecourt/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { type KeysetOrder, type KeyValue, keysetPage, type Paging } from '../../db/keyset';
import { pageCount } from '../../db/paging';
import { AppError } from '../app-error';

/** How one sortable field of a list maps to SQL and to its result rows. */
export type SortColumn<R> = {
  /** Qualified snake_case column, e.g. `transactions.started_at`. */
  column: string;
  kind: 'number' | 'string';
  value(row: R): KeyValue;
  /**
   * Longest window (ms) this sort may read: a sort without an index of its own reads every row of
   * the window, so its window is bounded. Absent: the list's index serves the sort.
   */
  maxSpanMs?: number;
  /**
   * Windows longer than this (ms) are read in sort order from an index on the sort column, with the
   * window checked on each index entry instead of choosing the index (see {@link readsSortIndex});
   * shorter ones read the window through the time index and sort it.
   */
  sortIndexAfterMs?: number;
};

/** Whether the sort reads its own index for a window of `spanMs` (see `sortIndexAfterMs`). */
export function readsSortIndex<F extends string, R>(
  sort: TSortSpec<F>,
  columns: Record<F, SortColumn<R>>,
  spanMs: number,
): boolean {
  const after = columns[sort.field].sortIndexAfterMs;
  return after !== undefined && spanMs > after;
}

/** The keyset order of a list for the requested sort (ties broken by `idColumn`, same direction). */
export function keysetOrder<F extends string, R extends { id: number }>(
  sort: TSortSpec<F>,
  columns: Record<F, SortColumn<R>>,
  idColumn: string,
): KeysetOrder<R> {
  const spec = columns[sort.field];
  return {
    sort: `${sort.direction === 'desc' ? '-' : ''}${sort.field}`,
    direction: sort.direction,
    column: sql.ref(spec.column),
    id: sql.ref(idColumn),
    kind: spec.kind,
    keyOf: (row) => ({ value: spec.value(row), id: row.id }),
  };
}

/** 400 WINDOW_TOO_LONG when the sort has a span limit that the window exceeds. */
export function checkSortSpan<F extends string, R>(
  sort: TSortSpec<F>,
  columns: Record<F, SortColumn<R>>,
  spanMs: number,
): void {
  const limit = columns[sort.field].maxSpanMs;
  if (limit === undefined || spanMs <= limit) return;
  const days = limit / 86_400_000;
  const label = days >= 1 ? `${days} day${days === 1 ? '' : 's'}` : `${limit / 3_600_000} hours`;
  const message = `Sorting by ${sort.field} reads every row of the window, so it is limited to windows of at most ${label}; choose a shorter window or the default sort`;
  throw new AppError('WINDOW_TOO_LONG', message, [{ path: 'sort', message }]);
}

/** Runs a keyset page and wraps it in the list envelope (`{count, pages, results, nextCursor}`). */
export async function listPage<DB, TB extends keyof DB, R, T>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<DB, TB, R>,
  order: KeysetOrder<R>,
  paging: Paging,
  present: (row: R) => T,
  window?: TTimeWindow,
  options: { countOf?: (row: R) => number; countQuery?: SelectQueryBuilder<DB, TB, R> } = {},
): Promise<TKeysetPage<T>> {
  const page = await keysetPage(db, query, order, paging, options);
  return {
    count: page.count,
    pages: pageCount(page.count, paging.limit),
    ...(page.approximate ? { approximate: true } : {}),
    results: page.rows.map(present),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    ...(window ? { window } : {}),
  };
}

/**
 * Registration prefix as an index range: upper case without spaces or dashes, `[p, p + 1)` where
 * `p + 1` bumps the last character. Both dialects compare text by code point here (SQLite binary
 * collation; PostgreSQL's "C"-like order for A–Z and 0–9 holds for ASCII registrations).
 */
export function registrationRange(text: string): { from: string; to: string } | null {
  const from = text.replace(/[\s-]/g, '').toUpperCase();
  if (from.length === 0) return null;
  const last = from.charCodeAt(from.length - 1);
  return { from, to: from.slice(0, -1) + String.fromCharCode(last + 1) };
}
