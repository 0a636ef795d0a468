import { hash } from 'node:crypto';
import { MAX_OFFSET_ROWS, MAX_PAGED_ROWS } from '@forecourt/contracts';
import {
  AndNode,
  type Kysely,
  type KyselyPlugin,
  type RawBuilder,
  type SelectQueryBuilder,
  SelectQueryNode,
  type SqlBool,
  sql,
  WhereNode,
} from 'kysely';
import { AppError } from '../lib/app-error';
import { type Dialect, dialectOf } from './migrations/dsl';
import { countCapped } from './paging';

/**
 * Keyset ("seek") paging for every list. A page is ordered by one sort column and `id` in the same
 * direction; the next page starts strictly after the last row's `(sort value, id)`:
 *
 *   where … and (started_at, id) < (?, ?) order by started_at desc, id desc limit n + 1
 *
 * Row values are standard SQL; together with a redundant bound on the sort column alone (see
 * {@link seekPredicate}) both SQLite and PostgreSQL plan the seek as a range on an index
 * `(…, sort column, id)`, so page 2,500 costs what page 1 costs. The position travels as an opaque
 * cursor: base64url of `[sort, value, id, count, approximate]` plus an 8-character check, so a
 * cursor that was cut, edited or made for another sort is a 400 rather than a silently wrong page.
 * The first page's count travels in its cursor, so following pages run one query, not two (the
 * count shown while paging is the one page 1 found). A cursor carries no authority: scope and
 * filters are applied on every request, so a forged one can only seek within what the caller may
 * see anyway.
 *
 * Without a cursor, `page` keeps working: the first {@link MAX_OFFSET_ROWS} rows by OFFSET, deeper
 * pages (up to {@link MAX_PAGED_ROWS}, the most a capped count can show) by first reading the
 * boundary key with a narrow `select sort, id … offset k - 1 limit 1` (index-only when the filters
 * are in the index) and then seeking from it. Deeper still needs the cursor (400 on `page`).
 */

export type KeyValue = number | string;
export type CursorKey = { value: KeyValue; id: number };
/** The list's count as the first page found it; cursor pages carry it instead of counting again. */
export type CursorCount = { count: number; approximate: boolean };
export type DecodedCursor = CursorKey & { counted?: CursorCount };

export type KeysetOrder<R> = {
  /** The list's sort token as the client sent it (`-startDate`); a cursor is only valid for it. */
  sort: string;
  direction: 'asc' | 'desc';
  /** The sort column (or aggregate) and the id column, as SQL. */
  column: RawBuilder<unknown>;
  id: RawBuilder<unknown>;
  /** Whether the sort value is a number or a string (checked when a cursor is read). */
  kind: 'number' | 'string';
  /** The key of a result row. */
  keyOf(row: R): CursorKey;
  /** True when the sort column is an aggregate: the seek then goes into HAVING. */
  aggregate?: boolean;
};

export type Paging = { page: number; limit: number; cursor?: string | undefined };

export type KeysetResult<R> = { rows: R[]; nextCursor?: string; count: number; approximate: boolean };

const TAG_LENGTH = 8;
const CURSOR_VERSION = 'fc1';

// One-shot hash of the same bytes as update(version).update(body): half the cost of createHash.
const tag = (body: string) => hash('sha256', CURSOR_VERSION + body, 'base64url').slice(0, TAG_LENGTH);

export function encodeCursor(sort: string, key: CursorKey, counted?: CursorCount): string {
  const payload = counted
    ? [sort, key.value, key.id, counted.count, counted.approximate ? 1 : 0]
    : [sort, key.value, key.id];
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return body + tag(body);
}

function invalidCursor(message: string): AppError {
  return new AppError('VALIDATION_FAILED', `Invalid querystring: cursor ${message}`, [
    { path: 'cursor', message },
  ]);
}

/** Reads a cursor made by {@link encodeCursor} for `sort`; 400 VALIDATION_FAILED otherwise. */
export function decodeCursor(cursor: string, sort: string, kind: 'number' | 'string'): DecodedCursor {
  const body = cursor.slice(0, -TAG_LENGTH);
  if (cursor.length <= TAG_LENGTH || tag(body) !== cursor.slice(-TAG_LENGTH)) {
    throw invalidCursor('is damaged; start again from the first page');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('is damaged; start again from the first page');
  }
  if (!Array.isArray(parsed) || (parsed.length !== 3 && parsed.length !== 5))
    throw invalidCursor('is damaged');
  const [cursorSort, value, id, count, approximate] = parsed as unknown[];
  if (cursorSort !== sort) throw invalidCursor(`was made for another sort; start again from the first page`);
  const valueOk =
    kind === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === 'string';
  if (!valueOk || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
    throw invalidCursor('is damaged');
  }
  if (parsed.length === 3) return { value: value as KeyValue, id };
  if (
    typeof count !== 'number' ||
    !Number.isSafeInteger(count) ||
    count < 0 ||
    (approximate !== 0 && approximate !== 1)
  ) {
    throw invalidCursor('is damaged');
  }
  return { value: value as KeyValue, id, counted: { count, approximate: approximate === 1 } };
}

/**
 * `column <= value and (column, id) < (value, id)` for descending order (`>=` and `>` for
 * ascending). The first half is implied by the second but is what makes the seek an index bound:
 * SQLite never uses a row-value comparison as a range on an index whose leading columns are fixed
 * by equalities (`organization_id = ?`); without it the scan starts at the window's end and walks
 * past every newer row. SQLite also takes only one upper bound of a column into the index search:
 * of bounds it estimates alike, the first it meets. So on SQLite the bound is marked as the narrower
 * one (`likelihood(…, 0.01)`), and {@link keysetPage} puts the seek first in the WHERE clause, ahead
 * of the list's window bound (`started_at < end`). PostgreSQL keeps the tightest of redundant bounds
 * when it runs the scan. With it a cursor page costs what the first page costs at any depth
 * (checked per list by keyset.plans.test.ts).
 */
export function seekPredicate<R>(
  order: KeysetOrder<R>,
  key: CursorKey,
  dialect: Dialect,
): RawBuilder<SqlBool> {
  const desc = order.direction === 'desc';
  const op = sql.raw(desc ? '<' : '>');
  const bound = sql<SqlBool>`${order.column} ${sql.raw(desc ? '<=' : '>=')} ${key.value}`;
  const leading = dialect === 'sqlite' ? sql<SqlBool>`likelihood(${bound}, 0.01)` : bound;
  return sql<SqlBool>`${leading} and (${order.column}, ${order.id}) ${op} (${key.value}, ${key.id})`;
}

/** `query` restricted to the rows after `key` in `order`: the seek first in WHERE (HAVING for aggregates). */
export function seekAfter<DB, TB extends keyof DB, R>(
  query: SelectQueryBuilder<DB, TB, R>,
  order: KeysetOrder<R>,
  key: CursorKey,
  dialect: Dialect,
): SelectQueryBuilder<DB, TB, R> {
  const predicate = seekPredicate(order, key, dialect);
  return order.aggregate ? query.having(predicate) : query.withPlugin(whereFirst(predicate));
}

/** A plugin that puts `predicate` first in the outer select's WHERE clause (see seekPredicate). */
function whereFirst(predicate: RawBuilder<SqlBool>): KyselyPlugin {
  const first = predicate.toOperationNode();
  return {
    transformQuery({ node }) {
      if (!SelectQueryNode.is(node)) return node;
      const where = WhereNode.create(node.where ? AndNode.create(first, node.where.where) : first);
      return { ...node, where };
    },
    transformResult: async ({ result }) => result,
  };
}

function pageTooDeep(): AppError {
  const message = `Pages beyond the first ${MAX_PAGED_ROWS.toLocaleString('en-GB')} rows are reached with the nextCursor of the page before`;
  return new AppError('VALIDATION_FAILED', `Invalid querystring: page ${message}`, [
    { path: 'page', message },
  ]);
}

/**
 * One page of `query` (filtered and selected, not ordered or limited) in `order`, with a capped
 * count of every row it matches and the cursor of the next page when there is one.
 */
export async function keysetPage<DB, TB extends keyof DB, R>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<DB, TB, R>,
  order: KeysetOrder<R>,
  paging: Paging,
  options: { countOf?: (row: R) => number } = {},
): Promise<KeysetResult<R>> {
  const dialect = dialectOf(db as unknown as Kysely<unknown>);
  const seek = (q: SelectQueryBuilder<DB, TB, R>, key: CursorKey) => seekAfter(q, order, key, dialect);
  const ordered = (q: SelectQueryBuilder<DB, TB, R>) =>
    q
      .orderBy(order.column, order.direction)
      .orderBy(order.id, order.direction)
      .limit(paging.limit + 1);

  let page: SelectQueryBuilder<DB, TB, R> | null;
  let carried: CursorCount | undefined;
  if (paging.cursor) {
    const decoded = decodeCursor(paging.cursor, order.sort, order.kind);
    carried = decoded.counted;
    page = ordered(seek(query, decoded));
  } else {
    const offset = paging.page * paging.limit;
    if (offset >= MAX_PAGED_ROWS) throw pageTooDeep();
    if (offset <= MAX_OFFSET_ROWS) {
      page = ordered(query).offset(offset);
    } else {
      const boundary = await boundaryKey(query, order, offset);
      page = boundary ? ordered(seek(query, boundary)) : null;
    }
  }
  // The count comes, cheapest first, from the cursor (the first page's count travels with it), from
  // the rows themselves (a query carrying a window count), or from a capped count query.
  const { countOf } = options;
  const execute = () => (page ? page.execute() : Promise.resolve([] as R[]));
  const [rows, counted] = carried
    ? [await execute(), carried]
    : countOf
      ? await execute().then(async (found) => {
          const first = found[0];
          const count = first ? { count: countOf(first), approximate: false } : await countCapped(db, query);
          return [found, count] as const;
        })
      : await Promise.all([execute(), countCapped(db, query)]);
  const results = rows.slice(0, paging.limit);
  const last = results.at(-1);
  return {
    rows: results,
    ...(rows.length > paging.limit && last
      ? { nextCursor: encodeCursor(order.sort, order.keyOf(last), counted) }
      : {}),
    count: counted.count,
    approximate: counted.approximate,
  };
}

/** The key of the row just before `offset`, read with a narrow key-only query; null past the end. */
async function boundaryKey<DB, TB extends keyof DB, R>(
  query: SelectQueryBuilder<DB, TB, R>,
  order: KeysetOrder<R>,
  offset: number,
): Promise<CursorKey | null> {
  const narrow = query
    .clearSelect()
    .select([order.column.as('keyValue'), order.id.as('keyId')])
    .orderBy(order.column, order.direction)
    .orderBy(order.id, order.direction)
    .limit(1)
    .offset(offset - 1);
  const row = (await narrow.executeTakeFirst()) as { keyValue: KeyValue; keyId: number } | undefined;
  if (!row) return null;
  const value = order.kind === 'number' ? Number(row.keyValue) : String(row.keyValue);
  return { value, id: Number(row.keyId) };
}
