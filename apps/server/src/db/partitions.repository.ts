import { type Kysely, sql } from 'kysely';
import { dialectOf } from './migrations/dsl';

/**
 * Monthly partitions of the append-only fact tables on PostgreSQL (SQLite keeps plain tables).
 * Each table is `PARTITION BY RANGE (<time column>)` with one partition per IST calendar month
 * (`<table>_pYYYY_MM`, from the 1st 00:00 IST to the next 1st) and a `<table>_default` partition
 * that takes any row no month partition covers, so an insert never fails for want of a partition.
 * See docs/OPERATIONS.md, "PostgreSQL partitions", and docs/DECISIONS.md.
 */
export const PARTITIONED_TABLES = {
  transactions: 'started_at',
  payments: 'paid_at',
  vehicle_sightings: 'seen_at',
  congestion_samples: 'sampled_at',
  asset_state_events: 'at',
} as const;
export type PartitionedTable = keyof typeof PARTITIONED_TABLES;

/** Months created ahead of the current one by the maintenance job (and by migration 0019). */
export const MONTHS_AHEAD = 3;

const IST_OFFSET_MS = 19_800_000;

/** Epoch ms of 00:00 IST on the 1st of the IST month that `at` falls in. */
export function monthStart(at: number): number {
  const local = new Date(at + IST_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - IST_OFFSET_MS;
}

/** The month start `count` months after the month of `start` (negative: before). */
export function addMonths(start: number, count: number): number {
  const local = new Date(start + IST_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + count, 1) - IST_OFFSET_MS;
}

/** `transactions_p2026_11` for the month starting at `start`. */
export function partitionName(table: PartitionedTable, start: number): string {
  const local = new Date(start + IST_OFFSET_MS);
  const month = String(local.getUTCMonth() + 1).padStart(2, '0');
  return `${table}_p${local.getUTCFullYear()}_${month}`;
}

export const defaultPartitionName = (table: PartitionedTable) => `${table}_default`;

type AnyDb = Kysely<unknown>;

/** Whether `table` is a partitioned table in the connection's schema (false on SQLite). */
export async function isPartitioned(db: AnyDb, table: PartitionedTable): Promise<boolean> {
  if (dialectOf(db) !== 'postgres') return false;
  const { rows } = await sql<{ found: number }>`
    select 1 as found from pg_partitioned_table p
      join pg_class c on c.oid = p.partrelid
     where c.relname = ${table} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  return rows.length > 0;
}

/** The partitions of `table` (names and bounds as PostgreSQL prints them), by name. */
export async function partitionsOf(
  db: AnyDb,
  table: PartitionedTable,
): Promise<{ name: string; bound: string }[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
     where p.relname = ${table} and p.relnamespace = current_schema()::regnamespace
     order by c.relname`.execute(db);
  return rows;
}

/** Creates the DEFAULT partition of `table` unless it exists. */
export async function ensureDefaultPartition(db: AnyDb, table: PartitionedTable): Promise<void> {
  await sql`create table if not exists ${sql.id(defaultPartitionName(table))} partition of ${sql.table(table)} default`.execute(
    db,
  );
}

/**
 * Creates the partition of `table` for the month starting at `start` unless it exists; true when
 * created. Rows of that month already in the DEFAULT partition are moved into the new partition
 * (PostgreSQL refuses to add a partition whose rows sit in DEFAULT). Must run in a transaction:
 * the move and the new partition commit together. Serialized by an advisory lock, so two callers
 * creating the same month do not collide.
 */
export async function ensureMonthPartition(
  db: AnyDb,
  table: PartitionedTable,
  start: number,
): Promise<boolean> {
  const name = partitionName(table, start);
  await sql`select pg_advisory_xact_lock(hashtext('forecourt:partitions'))`.execute(db);
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${name})::text as found`.execute(
    db,
  );
  if (rows[0]?.found) return false;
  const column = sql.ref(PARTITIONED_TABLES[table]);
  const end = addMonths(start, 1);
  const fallback = sql.id(defaultPartitionName(table));
  const moved = sql.id(`${name}_moving`);
  // Bounds are literals: PostgreSQL accepts no parameters in partition bounds.
  await sql`create temporary table ${moved} on commit drop as
    with gone as (delete from ${fallback} where ${column} >= ${sql.lit(start)} and ${column} < ${sql.lit(end)} returning *)
    select * from gone`.execute(db);
  await sql`create table ${sql.id(name)} partition of ${sql.table(table)}
    for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(db);
  await sql`insert into ${sql.table(table)} select * from ${moved}`.execute(db);
  await sql`drop table ${moved}`.execute(db);
  return true;
}

/** Every partitioned table gets the months from the month of `from` to the month of `to`. */
async function ensureMonths(db: AnyDb, from: number, to: number): Promise<string[]> {
  const created: string[] = [];
  for (const table of Object.keys(PARTITIONED_TABLES) as PartitionedTable[]) {
    if (!(await isPartitioned(db, table))) continue;
    for (let start = monthStart(from); start <= to; start = addMonths(start, 1)) {
      const made = db.isTransaction
        ? await ensureMonthPartition(db, table, start)
        : await db.transaction().execute((trx) => ensureMonthPartition(trx, table, start));
      if (made) created.push(partitionName(table, start));
    }
  }
  return created;
}

/**
 * Creates the month partitions covering `[from, to]` on every partitioned table (the seed calls
 * it for the months it is about to load). Returns the partitions created; none on SQLite.
 */
export async function ensurePartitions(db: AnyDb, from: number, to: number): Promise<string[]> {
  if (dialectOf(db) !== 'postgres') return [];
  return ensureMonths(db, from, to);
}

/**
 * The maintenance job: the current month and the {@link MONTHS_AHEAD} after it exist on every
 * partitioned table. Idempotent; run by the leader (see partitions.job.ts).
 */
export function ensureUpcomingPartitions(db: AnyDb, now: number, ahead = MONTHS_AHEAD): Promise<string[]> {
  return ensurePartitions(db, now, addMonths(monthStart(now), ahead));
}
