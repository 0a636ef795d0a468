import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { migrateToLatest } from './database';
import { NamedStatementPool, StatementNames } from './named-statements';

describe('StatementNames', () => {
  it('names a SQL text on its second run and keeps that name', () => {
    const names = new StatementNames(10, 't');
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toBe('t_1');
    expect(names.nameFor('select $1')).toBe(name);
    expect(names.nameFor('select $2')).toBeUndefined();
    expect(names.nameFor('select $2')).toBe('t_2');
  });

  it('names at most `capacity` texts; later ones stay unnamed', () => {
    const names = new StatementNames(1, 't');
    names.nameFor('a');
    expect(names.nameFor('a')).toBe('t_1');
    names.nameFor('b');
    expect(names.nameFor('b')).toBeUndefined();
    expect(names.size).toBe(1);
  });

  it('never reuses a name: a retired text gets a new one', () => {
    const names = new StatementNames(10, 't');
    names.nameFor('a');
    expect(names.nameFor('a')).toBe('t_1');
    names.retire('a');
    expect(names.nameFor('a')).toBeUndefined();
    expect(names.nameFor('a')).toBe('t_2');
  });

  it('names nothing while paused by reset, and forgets old names', () => {
    const names = new StatementNames(10, 't');
    names.nameFor('a');
    names.nameFor('a');
    names.reset({ paused: true });
    for (let i = 0; i < 3; i++) expect(names.nameFor('a')).toBeUndefined();
    names.reset();
    names.nameFor('a');
    expect(names.nameFor('a')).toBe('t_2');
  });
});

/** A stand-in for a node-postgres pool client that records what it was asked to run. */
function fakePool(fail?: (query: unknown) => Error | undefined, answer?: (query: unknown) => unknown) {
  const calls: unknown[][] = [];
  let released = 0;
  const client = {
    query: (...args: unknown[]) => {
      calls.push(args);
      const error = fail?.(args[0]);
      if (error) return Promise.reject(error);
      return Promise.resolve(answer?.(args[0]) ?? { command: 'SELECT', rowCount: 0, rows: [], fields: [] });
    },
    release: () => {
      released++;
    },
  };
  const pool = { connect: async () => client, end: async () => undefined } as unknown as pg.Pool;
  return { pool, calls, released: () => released };
}

const stale = () => Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });

describe('NamedStatementPool', () => {
  it('runs parameterised SQL as a named statement from its second run, the rest as before', async () => {
    const { pool, calls, released } = fakePool();
    const named = new NamedStatementPool(pool, { names: new StatementNames(10, 't') });
    const client = await named.connect();
    expect(await named.connect()).toBe(client);
    await client.query('select * from x where id = $1', [1]);
    await client.query('select * from x where id = $1', [2]);
    await client.query('begin', []);
    const cursor = { read: async () => [], close: async () => undefined };
    expect(client.query(cursor)).toBeDefined();
    client.release();
    expect(calls).toEqual([
      [{ text: 'select * from x where id = $1', values: [1], rowMode: 'array' }],
      [{ name: 't_1', text: 'select * from x where id = $1', values: [2], rowMode: 'array' }],
      [{ text: 'begin', values: [], rowMode: 'array' }],
      [cursor],
    ]);
    expect(released()).toBe(1);
  });

  it('recovers from a stale plan outside a transaction: a new name next time, this run unnamed', async () => {
    let failNamed = true;
    const { pool, calls } = fakePool((query) =>
      failNamed && typeof query === 'object' && query && 'name' in query ? stale() : undefined,
    );
    const named = new NamedStatementPool(pool, { names: new StatementNames(10, 't') });
    const client = await named.connect();
    const text = 'select * from x where id = $1';
    await client.query(text, [1]);
    await expect(client.query(text, [2])).resolves.toMatchObject({ rows: [] });
    expect(calls.slice(1)).toEqual([
      [{ name: 't_1', text, values: [2], rowMode: 'array' }],
      [{ text, values: [2], rowMode: 'array' }],
    ]);
    failNamed = false;
    await client.query(text, [3]);
    await client.query(text, [4]);
    expect(calls.at(-1)).toEqual([{ name: 't_2', text, values: [4], rowMode: 'array' }]);
  });

  it('inside a transaction, reports the stale plan (the transaction is aborted) and renames the text', async () => {
    const { pool, calls } = fakePool((query) =>
      typeof query === 'object' && query && 'name' in query && (query as { name: string }).name === 't_1'
        ? stale()
        : undefined,
    );
    const named = new NamedStatementPool(pool, { names: new StatementNames(10, 't') });
    const client = await named.connect();
    const text = 'update x set a = $1';
    await client.query(text, [1]);
    await client.query('begin', []);
    await expect(client.query(text, [2])).rejects.toThrow('cached plan must not change result type');
    await client.query('rollback', []);
    await client.query(text, [3]);
    await client.query(text, [4]);
    expect(calls.at(-1)).toEqual([{ name: 't_2', text, values: [4], rowMode: 'array' }]);
  });

  it('makes array rows into objects under columnKey, for each statement of a multi-statement query', async () => {
    const fields = [{ name: 'station_id' }, { name: 'label' }, { name: 'station_id' }];
    const { pool } = fakePool(undefined, (query) =>
      (query as { values: unknown[] }).values.length
        ? { command: 'SELECT', rowCount: 1, rows: [[1, 'a', 2]], fields }
        : [
            {
              command: 'SELECT',
              rowCount: 2,
              rows: [
                [3, 'b', 4],
                [5, null, 6],
              ],
              fields,
            },
            { command: 'CREATE', rowCount: null, rows: [], fields: [] },
          ],
    );
    const columnKey = (name: string) => name.replace(/_(.)/g, (_, c: string) => c.toUpperCase());
    const client = await new NamedStatementPool(pool, { columnKey }).connect();
    expect((await client.query('select $1', [1])).rows).toEqual([{ stationId: 2, label: 'a' }]);
    const multi = (await client.query('select 1; create table t (a int)', [])) as unknown as {
      rows: unknown[];
    }[];
    expect(multi.map((result) => result.rows)).toEqual([
      [
        { stationId: 4, label: 'b' },
        { stationId: 6, label: null },
      ],
      [],
    ]);
  });

  it('passes other errors through untouched', async () => {
    const { pool } = fakePool((query) =>
      typeof query === 'object' && query && 'name' in query ? new Error('duplicate key') : undefined,
    );
    const client = await new NamedStatementPool(pool, { names: new StatementNames(10, 't') }).connect();
    await client.query('insert into x values ($1)', [1]);
    await expect(client.query('insert into x values ($1)', [1])).rejects.toThrow('duplicate key');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await sql`create table named_probe (id integer primary key, label text not null)`.execute(handle.db);
    await sql`insert into named_probe values (1, 'a'), (2, 'b')`.execute(handle.db);
  });
  afterAll(async () => {
    await handle.dispose();
  });

  const probe = (id: number) => sql<Record<string, unknown>>`select * from named_probe where id = ${id}`;
  const prepared = async () => {
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      handle.db,
    );
    return rows.map((row) => row.statement);
  };

  it('prepares a repeated query once per connection and reuses it', async () => {
    for (let i = 0; i < 4; i++) {
      const { rows } = await probe(1 + (i % 2)).execute(handle.db);
      expect(rows).toHaveLength(1);
    }
    expect((await prepared()).filter((text) => text.includes('from named_probe'))).toHaveLength(1);
  });

  it('survives a column change of the table a prepared `select *` reads', async () => {
    await probe(1).execute(handle.db);
    await sql`alter table named_probe add column colour text not null default 'red'`.execute(handle.db);
    const { rows } = await probe(1).execute(handle.db);
    expect(rows).toEqual([{ id: 1, label: 'a', colour: 'red' }]);
    const again = await probe(2).execute(handle.db);
    expect(again.rows).toEqual([{ id: 2, label: 'b', colour: 'red' }]);
    // The stale statement was retired: the text runs under a second name from now on.
    await probe(1).execute(handle.db);
    expect((await prepared()).filter((text) => text.includes('from named_probe'))).toHaveLength(2);
  });

  it('runs transactions and migrations as before', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into named_probe (id, label) values (${3}, ${'c'})`.execute(trx);
      await sql`insert into named_probe (id, label) values (${4}, ${'d'})`.execute(trx);
    });
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into named_probe (id, label) values (${5}, ${'e'})`.execute(trx);
        await sql`insert into named_probe (id, label) values (${5}, ${'e'})`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    const { rows } = await sql<{ id: number }>`select id from named_probe order by id`.execute(handle.db);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    expect(await migrateToLatest(handle.db)).toEqual([]);
    expect((await probe(4).execute(handle.db)).rows).toHaveLength(1);
  });
});

describe('prepared statements through openDatabase', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.dispose();
  });

  it('see a table change made after the statement was first prepared', async () => {
    await sql`create table cache_probe (id integer primary key, label text not null)`.execute(handle.db);
    await sql`insert into cache_probe (id, label) values (${1}, ${'a'})`.execute(handle.db);
    const read = () =>
      sql<Record<string, unknown>>`select * from cache_probe where id = ${1}`.execute(handle.db);
    for (let i = 0; i < 3; i++) expect((await read()).rows).toEqual([{ id: 1, label: 'a' }]);
    await sql`alter table cache_probe add column weight integer not null default 7`.execute(handle.db);
    expect((await read()).rows).toEqual([{ id: 1, label: 'a', weight: 7 }]);
    await sql`drop table cache_probe`.execute(handle.db);
    await expect(read()).rejects.toThrow(/cache_probe/);
  });

  it('answer rows with camelCase keys and the values the driver reads', async () => {
    await sql`create table key_probe (probe_id integer primary key, label_text text, ratio real)`.execute(
      handle.db,
    );
    await handle.db
      .insertInto('keyProbe' as never)
      .values({ probeId: 1, labelText: 'a', ratio: 2.5 } as never)
      .execute();
    const read = () =>
      sql`select probe_id, label_text, ratio, null as no_value from key_probe`.execute(handle.db);
    for (let i = 0; i < 3; i++) {
      expect((await read()).rows).toEqual([{ probeId: 1, labelText: 'a', ratio: 2.5, noValue: null }]);
    }
    const returned = await handle.db
      .updateTable('keyProbe' as never)
      .set({ labelText: 'b' } as never)
      .returning(['probeId' as never, 'labelText' as never])
      .execute();
    expect(returned).toEqual([{ probeId: 1, labelText: 'b' }]);
  });
});
