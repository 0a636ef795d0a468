import { CompiledQuery, type Kysely } from 'kysely';
import type { Db } from './database';
import { dialectOf } from './migrations/dsl';

/**
 * Multi-row `INSERT … VALUES (…), (…) <tail>` for the hot bulk paths (ingest, the notification
 * worker), chunked so no statement binds more than {@link MAX_PARAMETERS} values (SQLite allows
 * 32,766, PostgreSQL 65,535).
 *
 * The SQL text is written once per (dialect, table, columns, row count, tail) and run through
 * Kysely as a compiled query with a flat parameter list: building Kysely's tree of one node per
 * value, then compiling it, cost a quarter of an insert's CPU time. Results still pass through
 * the plugins (RETURNING rows come back camelCased). The SQLite statement cache keys on the text,
 * so full chunks reuse one prepared statement.
 */
const MAX_PARAMETERS = 30_000;

/** camelCase → snake_case (the schema's names). */
export const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const quoted = (name: string) => `"${snake(name)}"`;

/** Row counts per statement for `rows` rows of `columns` columns. */
function chunkSizes(rows: number, columns: number): number[] {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  const sizes: number[] = [];
  for (let done = 0; done < rows; done += size) sizes.push(Math.min(size, rows - done));
  return sizes;
}

const statements = new Map<string, string>();

/** `insert into t (cols) values (…), (…) <tail>` with `count` rows, placeholders for the dialect. */
function insertText(db: Db, table: string, columns: readonly string[], count: number, tail: string): string {
  const dialect = dialectOf(db as unknown as Kysely<unknown>);
  const key = `${dialect}|${table}|${columns.join(',')}|${count}|${tail}`;
  let text = statements.get(key);
  if (text) return text;
  let n = 0;
  const tuple = () => `(${columns.map(() => (dialect === 'sqlite' ? '?' : `$${++n}`)).join(', ')})`;
  const tuples: string[] = [];
  for (let i = 0; i < count; i++) tuples.push(tuple());
  text = `insert into "${snake(table)}" (${columns.map(quoted).join(', ')}) values ${tuples.join(', ')} ${tail}`;
  if (statements.size > 500) statements.clear();
  statements.set(key, text);
  return text;
}

/**
 * Inserts `rows` (objects holding at least `columns`, camelCase; absent values bind null), chunked;
 * returns the RETURNING rows of `tail`, in statement order.
 */
export async function insertRows<R>(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly object[],
  tail: string,
  /** Values bound where a row has none (null or absent), by column; else null. */
  defaults: Readonly<Record<string, unknown>> = {},
): Promise<R[]> {
  const out: R[] = [];
  let offset = 0;
  for (const count of chunkSizes(rows.length, columns.length)) {
    const parameters: unknown[] = new Array(count * columns.length);
    let p = 0;
    for (let i = offset; i < offset + count; i++) {
      const row = rows[i] as Record<string, unknown>;
      for (const column of columns) parameters[p++] = row[column] ?? defaults[column] ?? null;
    }
    offset += count;
    const result = await db.executeQuery<R>(
      CompiledQuery.raw(insertText(db, table, columns, count, tail), parameters),
    );
    for (const row of result.rows) out.push(row);
  }
  return out;
}
