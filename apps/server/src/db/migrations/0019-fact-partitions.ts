import { type Kysely, sql } from 'kysely';
import {
  addMonths,
  ensureDefaultPartition,
  ensureMonthPartition,
  MONTHS_AHEAD,
  monthStart,
  PARTITIONED_TABLES,
  type PartitionedTable,
} from '../partitions.repository';
import { dialectOf } from './dsl';

/**
 * PostgreSQL: the append-only fact tables become `PARTITION BY RANGE (<time column>)` with one
 * partition per IST month (see partitions.repository.ts). SQLite is unchanged.
 *
 * Per table, in the migration's transaction: the table is renamed aside, a partitioned table with
 * the same columns, defaults and checks takes its name, the months its rows span (and the current
 * month and the ones ahead) and a DEFAULT partition are created, every row is copied, the old table
 * is dropped, and its indexes and foreign keys are recreated from their stored definitions. The
 * primary key becomes `(id, <time>)` and each unique index gains the time column (PostgreSQL
 * requires the partition key in every unique constraint); `id` draws from a sequence that
 * continues after the largest copied id. No foreign key references these tables (checked here).
 */
type Definition = { name: string; sql: string; unique: boolean };

async function definitions(db: Kysely<unknown>, table: string) {
  const indexes = await sql<Definition>`
    select i.relname as name, pg_get_indexdef(i.oid) as sql, x.indisunique as unique
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
     where t.relname = ${table} and t.relnamespace = current_schema()::regnamespace
       and not x.indisprimary
     order by i.relname`.execute(db);
  const foreign = await sql<{ name: string; sql: string }>`
    select c.conname as name, pg_get_constraintdef(c.oid) as sql
      from pg_constraint c join pg_class t on t.oid = c.conrelid
     where c.contype = 'f' and t.relname = ${table} and t.relnamespace = current_schema()::regnamespace
     order by c.conname`.execute(db);
  const incoming = await sql<{ name: string; owner: string }>`
    select c.conname as name, o.relname as owner
      from pg_constraint c
      join pg_class t on t.oid = c.confrelid
      join pg_class o on o.oid = c.conrelid
     where c.contype = 'f' and t.relname = ${table} and t.relnamespace = current_schema()::regnamespace`.execute(
    db,
  );
  return { indexes: indexes.rows, foreign: foreign.rows, incoming: incoming.rows };
}

/** `create unique index … (a, b) where …` → `(a, b, <time>)`: uniqueness per partition needs the key. */
export function withPartitionKey(definition: string, column: string): string {
  return definition.replace(
    /\)(\s+WHERE\s.*)?$/s,
    (_match, where: string | undefined) => `, ${column})${where ?? ''}`,
  );
}

async function partitionTable(db: Kysely<unknown>, table: PartitionedTable, now: number): Promise<void> {
  const column = PARTITIONED_TABLES[table];
  const aside = `${table}_unpartitioned`;
  const { indexes, foreign, incoming } = await definitions(db, table);
  if (incoming.length > 0) {
    const names = incoming.map((fk) => `${fk.owner}.${fk.name}`).join(', ');
    throw new Error(`0019: ${table} is referenced by foreign keys (${names}); drop them before partitioning`);
  }
  const t = sql.table(table);
  const old = sql.table(aside);
  await sql`alter table ${t} rename to ${sql.id(aside)}`.execute(db);
  await sql`alter index ${sql.id(`${table}_pkey`)} rename to ${sql.id(`${aside}_pkey`)}`.execute(db);
  // LIKE copies columns (in order), not-null, defaults and checks; not the identity, indexes or keys.
  await sql`create table ${t} (like ${old} including defaults including constraints)
    partition by range (${sql.ref(column)})`.execute(db);
  await sql`alter table ${t} add constraint ${sql.id(`${table}_pkey`)} primary key (id, ${sql.ref(column)})`.execute(
    db,
  );
  await ensureDefaultPartition(db, table);
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    select min(${sql.ref(column)})::text as first, max(${sql.ref(column)})::text as last from ${old}`.execute(
    db,
  );
  const first = rows[0]?.first == null ? now : Math.min(Number(rows[0].first), now);
  const last = Math.max(
    rows[0]?.last == null ? now : Number(rows[0].last),
    addMonths(monthStart(now), MONTHS_AHEAD),
  );
  for (let start = monthStart(first); start <= last; start = addMonths(start, 1)) {
    await ensureMonthPartition(db, table, start);
  }
  await sql`insert into ${t} select * from ${old}`.execute(db);
  await sql`drop table ${old}`.execute(db);
  const sequence = `${table}_id_seq`;
  await sql`create sequence ${sql.id(sequence)} owned by ${sql.id(table, 'id')}`.execute(db);
  await sql`select setval(${sequence}, coalesce((select max(id) from ${t}), 0) + 1, false)`.execute(db);
  await sql`alter table ${t} alter column id set default nextval(${sql.lit(sequence)}::regclass)`.execute(db);
  for (const index of indexes) {
    const text = index.unique ? withPartitionKey(index.sql, column) : index.sql;
    await sql.raw(text).execute(db);
  }
  for (const fk of foreign) {
    await sql`alter table ${t} add constraint ${sql.id(fk.name)} ${sql.raw(fk.sql)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const now = Date.now();
  for (const table of Object.keys(PARTITIONED_TABLES) as PartitionedTable[]) {
    await partitionTable(db, table, now);
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}
