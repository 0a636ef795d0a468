import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database';
import { measureUnmeasuredIndexes, tablesWithUnmeasuredIndexes } from './planner-statistics';

const opened: BetterSqlite3.Database[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) if (database.open) database.close();
});

/** Fills of three organisations, measured by `analyze`, then a migration adds an index. */
function seededThenMigrated(): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(':memory:');
  opened.push(sqlite);
  sqlite.exec(`create table fills (id integer primary key, organization_id integer not null,
    started_at integer not null, amount_paise integer not null)`);
  sqlite.exec('create index fills_org_time on fills (organization_id, started_at desc, id desc)');
  const insert = sqlite.prepare(
    'insert into fills (organization_id, started_at, amount_paise) values (?, ?, ?)',
  );
  sqlite.transaction(() => {
    for (let i = 0; i < 30_000; i += 1)
      insert.run((i % 3) + 1, 1_700_000_000_000 + i * 60_000, (i * 7919) % 500_000);
  })();
  sqlite.pragma('analysis_limit = 1000');
  sqlite.exec('analyze');
  sqlite.exec(
    'create index fills_org_amount on fills (organization_id, amount_paise desc, id desc, started_at)',
  );
  return sqlite;
}

const handle = (sqlite: BetterSqlite3.Database) =>
  ({ dialect: 'sqlite', sqlite }) as unknown as DatabaseHandle;

function plan(sqlite: BetterSqlite3.Database): string {
  const rows = sqlite
    .prepare(
      'explain query plan select * from fills where organization_id = 1 order by started_at desc, id desc limit 10',
    )
    .all() as { detail: string }[];
  return rows.map((row) => row.detail).join('; ');
}

describe('planner statistics for indexes added after the last analyze', () => {
  it('finds the tables with an unmeasured index and measures them, so the newest rows come from the time index', () => {
    const sqlite = seededThenMigrated();
    // Without statistics the new index looks more selective and the rows get sorted.
    expect(plan(sqlite)).toContain('fills_org_amount');
    expect(tablesWithUnmeasuredIndexes(sqlite)).toEqual(['fills']);

    expect(measureUnmeasuredIndexes(handle(sqlite))).toEqual(['fills']);

    expect(tablesWithUnmeasuredIndexes(sqlite)).toEqual([]);
    expect(plan(sqlite)).toContain('fills_org_time');
    expect(plan(sqlite)).not.toContain('TEMP B-TREE');
    // Nothing left to do on the next start.
    expect(measureUnmeasuredIndexes(handle(sqlite))).toEqual([]);
  });

  it('leaves a database that was never analysed alone', () => {
    const sqlite = new BetterSqlite3(':memory:');
    opened.push(sqlite);
    sqlite.exec('create table t (id integer primary key, a integer)');
    sqlite.exec('create index t_a on t (a)');
    expect(measureUnmeasuredIndexes(handle(sqlite))).toEqual([]);
    expect(
      sqlite.prepare("select count(*) as n from sqlite_master where name = 'sqlite_stat1'").get(),
    ).toEqual({ n: 0 });
  });

  it('does nothing on PostgreSQL (autovacuum analyses there)', () => {
    expect(measureUnmeasuredIndexes({ dialect: 'postgres' } as unknown as DatabaseHandle)).toEqual([]);
  });
});
