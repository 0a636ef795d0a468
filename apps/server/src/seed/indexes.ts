import type { DatabaseHandle } from '../db/database';
import { ID_TABLES } from './tables';

/**
 * Bulk-load helpers around the schema the migrations made. Secondary indexes of the big tables
 * (and on PostgreSQL their foreign keys) are dropped before loading and recreated from their own
 * stored definitions afterwards: building an index once from the loaded rows is several times
 * cheaper than maintaining it row by row. Definitions are read from the database, so the
 * migrations stay their only source. SQLite keeps its foreign keys on (they cost it ~5 %).
 */
export const BULK_TABLES = [
  'transactions',
  'payments',
  'vehicle_sightings',
  'vehicles',
  'congestion_samples',
  'loyalty_transactions',
  'sales_hourly',
] as const;

type IndexDefinition = { name: string; sql: string };

export type SuspendedIndexes = { count: number; restore(): Promise<void> };

export async function suspendIndexes(
  handle: DatabaseHandle,
  tables: readonly string[],
): Promise<SuspendedIndexes> {
  if (handle.sqlite) {
    const sqlite = handle.sqlite;
    const marks = tables.map(() => '?').join(',');
    const found = sqlite
      .prepare(
        `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${marks}) order by name`,
      )
      .all(...tables) as IndexDefinition[];
    for (const index of found) sqlite.exec(`drop index "${index.name}"`);
    return {
      count: found.length,
      restore: async () => {
        for (const index of found) sqlite.exec(index.sql);
      },
    };
  }
  const pool = handle.pool;
  if (!pool) throw new Error('PostgreSQL handle without a pool');
  // Indexes that back a primary key or unique constraint stay; plain indexes are rebuilt.
  const { rows } = await pool.query<IndexDefinition>(
    `select i.relname as name, pg_get_indexdef(i.oid) as sql
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid
      where t.relnamespace = current_schema()::regnamespace
        and t.relname = any($1)
        and not exists (select 1 from pg_constraint c where c.conindid = i.oid)
      order by i.relname`,
    [tables],
  );
  // Foreign keys of the loaded tables: row-by-row checks cost PostgreSQL about a third of its
  // insert rate; re-adding a constraint validates all rows in one join instead.
  const foreign = await pool.query<IndexDefinition & { table: string }>(
    `select c.conname as name, t.relname as table, pg_get_constraintdef(c.oid) as sql
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
      where c.contype = 'f'
        and t.relnamespace = current_schema()::regnamespace
        and t.relname = any($1)
      order by t.relname, c.conname`,
    [tables],
  );
  for (const index of rows) await pool.query(`drop index "${index.name}"`);
  for (const fk of foreign.rows) await pool.query(`alter table "${fk.table}" drop constraint "${fk.name}"`);
  return {
    count: rows.length,
    restore: async () => {
      // Two builds at a time: PostgreSQL sorts each on its own backend.
      const queue = [
        // A partitioned table's index prints as `ON ONLY <table>` (the parent alone, left invalid);
        // built without ONLY it is built on every partition too.
        ...rows.map((index) => index.sql.replace(' ON ONLY ', ' ON ')),
        ...foreign.rows.map((fk) => `alter table "${fk.table}" add constraint "${fk.name}" ${fk.sql}`),
      ];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await pool.query(next);
      };
      await Promise.all([worker(), worker()]);
    },
  };
}

/** After loading: PostgreSQL identity sequences continue after the seeded ids; statistics refreshed. */
export async function finishLoad(handle: DatabaseHandle): Promise<void> {
  if (handle.sqlite) {
    handle.sqlite.pragma('analysis_limit = 1000');
    handle.sqlite.exec('analyze');
    return;
  }
  const pool = handle.pool;
  if (!pool) return;
  for (const table of ID_TABLES) {
    await pool.query(
      `select setval(pg_get_serial_sequence($1, 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
      [table],
    );
  }
  await pool.query('analyze');
}
