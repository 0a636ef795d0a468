import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * A tiny dialect-neutral vocabulary for migrations. Each migration is written once with
 * these helpers and runs unchanged on SQLite and PostgreSQL.
 *
 * Conventions (see docs/ARCHITECTURE.md, "Data layer"):
 * - timestamps are epoch milliseconds in a `bigint` column (INTEGER in SQLite);
 * - money is integer paise, quantities integer milli-units (ml, g or Wh);
 * - flags are `integer` 0/1 (better-sqlite3 cannot bind booleans);
 * - JSON documents are `text`.
 */
export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<unknown>): Dialect {
  const adapter = db.getExecutor().adapter.constructor.name;
  return adapter.startsWith('Sqlite') ? 'sqlite' : 'postgres';
}

type Table<N extends string> = CreateTableBuilder<N, never>;

/** Integer identity primary key: `integer primary key autoincrement` / `bigint generated … as identity`. */
export function withId<N extends string>(table: Table<N>, dialect: Dialect): Table<N> {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity());
}

export const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
export const flag = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

/** Adds `organization_id` (not null, references organizations) to an organisation-owned table. */
export function withOrganization<N extends string>(table: Table<N>): Table<N> {
  return table.addColumn('organization_id', 'bigint', (col) =>
    col.notNull().references('organizations.id').onDelete('cascade'),
  );
}

export function withTimestamps<N extends string>(table: Table<N>): Table<N> {
  return table.addColumn('created_at', 'bigint', notNull).addColumn('updated_at', 'bigint', notNull);
}

/** Creates an index; `desc` columns are written `col desc` (both dialects accept it). */
export async function index(
  db: Kysely<unknown>,
  table: string,
  columns: string[],
  options: { unique?: boolean; name?: string } = {},
): Promise<void> {
  const name = options.name ?? `${table}_${columns.map((c) => c.replace(/ desc$/, '')).join('_')}_idx`;
  let builder = db.schema.createIndex(name).on(table);
  if (options.unique) builder = builder.unique();
  await builder.columns(columns).execute();
}

/** PostgreSQL-only: a BRIN index for an append-only time column (tiny, good for window scans). */
export async function brinIndex(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create index ${sql.id(`${table}_${column}_brin`)} on ${sql.table(table)} using brin (${sql.ref(column)})`.execute(
    db,
  );
}

/** `create [unique] index … (columns) where …` — partial indexes, the same SQL on both dialects. */
export async function partialIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  where: string,
  options: { unique?: boolean } = {},
): Promise<void> {
  const list = sql.join(
    columns.map((column) =>
      column.endsWith(' desc') ? sql`${sql.ref(column.slice(0, -5))} desc` : sql.ref(column),
    ),
  );
  const unique = options.unique ? sql`unique ` : sql``;
  await sql`create ${unique}index ${sql.id(name)} on ${sql.table(table)} (${list}) where ${sql.raw(where)}`.execute(
    db,
  );
}
