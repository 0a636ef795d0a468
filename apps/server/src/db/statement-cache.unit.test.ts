import BetterSqlite3 from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatementCache } from './statement-cache';

type Db = { items: { id: Generated<number>; label: string } };

const opened: BetterSqlite3.Database[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) if (database.open) database.close();
});

function connection(): BetterSqlite3.Database {
  const database = new BetterSqlite3(':memory:');
  database.exec('create table items (id integer primary key, label text not null)');
  database.exec("insert into items (label) values ('a'), ('b'), ('c')");
  opened.push(database);
  return database;
}

function kysely(cache: StatementCache) {
  return new Kysely<Db>({ dialect: new SqliteDialect({ database: cache }) });
}

describe('StatementCache (SQLite prepared statements per SQL text)', () => {
  it('prepares a SQL text once and hands back the same statement after that', () => {
    const database = connection();
    const cache = new StatementCache(database);
    const prepare = vi.spyOn(database, 'prepare');
    const first = cache.prepare('select * from items where id = ?');
    const again = cache.prepare('select * from items where id = ?');
    expect(again).toBe(first);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(first.all([2])).toEqual([{ id: 2, label: 'b' }]);
    expect(again.all([3])).toEqual([{ id: 3, label: 'c' }]);
    expect(cache.stats()).toEqual({ size: 1, hits: 1, misses: 1, evictions: 0 });
  });

  it('evicts the least recently used statement beyond its capacity', () => {
    const cache = new StatementCache(connection(), { capacity: 2 });
    const a = cache.prepare('select 1');
    const b = cache.prepare('select 2');
    expect(cache.prepare('select 1')).toBe(a); // a is now the most recent
    cache.prepare('select 3'); // evicts b
    expect(cache.stats()).toMatchObject({ size: 2, evictions: 1 });
    expect(cache.prepare('select 1')).toBe(a);
    const bAgain = cache.prepare('select 2');
    expect(bAgain).not.toBe(b);
    expect(bAgain.all([])).toEqual([{ 2: 2 }]);
    expect(() => new StatementCache(connection(), { capacity: 0 })).toThrow(RangeError);
  });

  it('keeps working across schema changes: new columns appear, dropped tables fail as a fresh prepare would', () => {
    const database = connection();
    const cache = new StatementCache(database);
    const select = 'select * from items where id = ?';
    expect(cache.prepare(select).all([1])).toEqual([{ id: 1, label: 'a' }]);
    database.exec("alter table items add column colour text not null default 'red'");
    expect(cache.prepare(select).all([1])).toEqual([{ id: 1, label: 'a', colour: 'red' }]);
    database.exec('drop table items');
    expect(() => cache.prepare(select).all([1])).toThrow(/no such table: items/);
    database.exec('create table items (id integer primary key, label text, weight real)');
    database.exec("insert into items (label, weight) values ('z', 1.5)");
    expect(cache.prepare(select).all([1])).toEqual([{ id: 1, label: 'z', weight: 1.5 }]);
  });

  it('makes rows as better-sqlite3 would: same values and types, duplicate names, keys from columnKey', () => {
    const database = connection();
    database.exec('create table kinds (n integer, r real, t text, b blob, z text)');
    database.exec("insert into kinds values (9007199254740991, 1.5, 'x', x'0102', null)");
    const text = 'select n, r, t, b, z, n as t, 2 as extra_column from kinds';
    const expected = database.prepare(text).all();
    expect(new StatementCache(database).prepare(text).all([])).toEqual(expected);
    expect(Object.keys(expected[0] as object)).toEqual(['n', 'r', 't', 'b', 'z', 'extra_column']);
    const odd = new StatementCache(database)
      .prepare('select 1 as "__proto__", 2 as "a""b"')
      .all([])[0] as object;
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect(Object.entries(odd)).toEqual([
      ['__proto__', 1],
      ['a"b', 2],
    ]);
    const camel = new StatementCache(database, {
      columnKey: (name) => name.replace(/_(.)/g, (_, c) => c.toUpperCase()),
    });
    expect(camel.prepare('select 2 as extra_column, id as item_id from items where id = ?').all([1])).toEqual(
      [{ extraColumn: 2, itemId: 1 }],
    );
  });

  it('reads column names again after any schema change, also one that keeps the column count', () => {
    const database = connection();
    const cache = new StatementCache(database);
    const select = 'select * from items where id = ?';
    expect(cache.prepare(select).all([1])).toEqual([{ id: 1, label: 'a' }]);
    // Outside the cache (as a migration or another connection would): only the schema version moves.
    database.exec('alter table items rename column label to title');
    expect(cache.prepare(select).all([1])).toEqual([{ id: 1, title: 'a' }]);
    const rows = cache.prepare('select id from items order by id').iterate([]);
    expect([...rows]).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('does not cache SQL that fails to prepare', () => {
    const cache = new StatementCache(connection());
    expect(() => cache.prepare('select * from missing')).toThrow(/no such table/);
    expect(cache.stats().size).toBe(0);
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const cache = new StatementCache(connection());
    const text = 'select id from items order by id';
    const streaming = cache.prepare(text);
    const rows = streaming.iterate([]);
    expect(rows.next().value).toEqual({ id: 1 });
    const meanwhile = cache.prepare(text);
    expect(meanwhile).not.toBe(streaming);
    expect(meanwhile.all([])).toHaveLength(3);
    rows.return?.();
    expect(cache.prepare(text)).toBe(streaming);
  });

  it("serves Kysely's readers (all) and writers (run), and streams", async () => {
    const db = kysely(new StatementCache(connection()));
    const inserted = await db.insertInto('items').values({ label: 'd' }).executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    expect(inserted.insertId).toBe(4n);
    const returned = await db.insertInto('items').values({ label: 'e' }).returning('id').executeTakeFirst();
    expect(returned).toEqual({ id: 5 });
    const updated = await db.updateTable('items').set({ label: 'B' }).where('id', '=', 2).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const labels = await db.selectFrom('items').select('label').orderBy('id').execute();
    expect(labels.map((row) => row.label)).toEqual(['a', 'B', 'c', 'd', 'e']);
    const streamed: number[] = [];
    for await (const row of db.selectFrom('items').select('id').orderBy('id').stream()) streamed.push(row.id);
    expect(streamed).toEqual([1, 2, 3, 4, 5]);
    await db.destroy();
  });

  it('runs transactions: begin and commit or rollback are cached statements too', async () => {
    const cache = new StatementCache(connection());
    const db = kysely(cache);
    for (let round = 0; round < 3; round++) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('items')
          .values({ label: `kept ${round}` })
          .execute();
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('items')
            .values({ label: `dropped ${round}` })
            .execute();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
    }
    const labels = await db.selectFrom('items').select('label').where('id', '>', 3).orderBy('id').execute();
    expect(labels.map((row) => row.label)).toEqual(['kept 0', 'kept 1', 'kept 2']);
    const { hits, misses } = cache.stats();
    expect(hits).toBeGreaterThan(misses);
    const { rows } = await sql<{ n: number }>`select count(*) as n from items`.execute(db);
    expect(rows[0]?.n).toBe(6);
    await db.destroy();
  });

  it('clear() drops every statement; close() closes the connection', async () => {
    const database = connection();
    const cache = new StatementCache(database);
    const statement = cache.prepare('select 1');
    cache.clear();
    expect(cache.stats().size).toBe(0);
    expect(cache.prepare('select 1')).not.toBe(statement);
    const db = kysely(cache);
    await db.selectFrom('items').selectAll().execute();
    await db.destroy();
    expect(database.open).toBe(false);
  });
});
