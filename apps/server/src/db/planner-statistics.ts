import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseHandle } from './database';

/**
 * SQLite plans from the statistics `analyze` leaves in `sqlite_stat1`. An index created after the
 * last `analyze` (a migration on a database seeded before it) has no row there, and the planner
 * then guesses it to be highly selective: the command centre's newest fills were read through the
 * organisation-and-amount index and sorted (about 150 ms on the demo data) instead of walking the
 * organisation-and-time index (under 1 ms).
 *
 * Returns the tables that have an index without statistics, in a database that has been analysed
 * at all (a database never analysed is planned without statistics, consistently).
 */
export function tablesWithUnmeasuredIndexes(sqlite: BetterSqlite3.Database): string[] {
  const analysed = sqlite
    .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'sqlite_stat1'")
    .get() as { n: number };
  if (analysed.n === 0) return [];
  const rows = sqlite
    .prepare(
      `select distinct m.tbl_name as name from sqlite_master m
        where m.type = 'index' and m.name not like 'sqlite_autoindex_%'
          and m.tbl_name in (select tbl from sqlite_stat1)
          and m.name not in (select idx from sqlite_stat1 where idx is not null)
        order by m.tbl_name`,
    )
    .all() as { name: string }[];
  return rows.map((row) => row.name);
}

/**
 * At startup, after migrations: measures the tables whose indexes lack statistics (sampled, as the
 * seed does, so a large table takes well under a second). PostgreSQL's autovacuum analyses new
 * indexes' tables on its own; there this does nothing. Returns the tables measured.
 */
export function measureUnmeasuredIndexes(handle: DatabaseHandle): string[] {
  const sqlite = handle.sqlite;
  if (!sqlite) return [];
  const tables = tablesWithUnmeasuredIndexes(sqlite);
  if (tables.length === 0) return tables;
  sqlite.pragma('analysis_limit = 1000');
  for (const table of tables) sqlite.exec(`analyze "${table.replaceAll('"', '""')}"`);
  return tables;
}
