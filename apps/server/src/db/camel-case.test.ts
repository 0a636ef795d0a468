import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  CamelCasePlugin,
  type Compilable,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { keysetOrder } from '../lib/paging/list-page';
import { transactionSorts, transactionsQuery } from '../modules/operations/transactions.repository';
import { ColumnNames, camelCaseDialect } from './camel-case';
import { openDatabase } from './database';
import { seekPredicate } from './keyset';
import { countCapped } from './paging';
import type { Database } from './schema';

type Engine = 'sqlite' | 'postgres';

/** Kysely as it was: the stock CamelCasePlugin rewriting the tree, the stock compiler. */
function stock(engine: Engine) {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => (engine === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        engine === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db),
      createQueryCompiler: () =>
        engine === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
  });
}

/** Kysely as openDatabase builds it (compiling only: the database objects are never used). */
function ours(engine: Engine) {
  const config =
    engine === 'sqlite' ? { sqlite: { database: {} as never } } : { postgres: { pool: {} as never } };
  return new Kysely<Database>({ dialect: camelCaseDialect(config, new ColumnNames()) });
}

const DAY = 86_400_000;
const queries: [string, (db: Kysely<Database>) => Compilable | RawBuilder<unknown>][] = [
  [
    'selectAll with filters',
    (db) => db.selectFrom('transactions').selectAll().where('stationId', '=', 3).where('startedAt', '>=', 1),
  ],
  [
    'aliases, joins, functions, grouping',
    (db) =>
      db
        .selectFrom('transactions as t')
        .innerJoin('stations as s', 's.id', 't.stationId')
        .select((eb) => [
          's.organizationId',
          eb.fn.sum<number>('t.amountPaise').as('amountSum'),
          eb.fn.max('t.startedAt').as('lastFillAt'),
          sql.ref('t.quantity_milli').as('rawQuantity'),
        ])
        .where(sql<boolean>`${sql.ref('t.paymentMode')} = ${'upi'}`)
        .groupBy(['s.organizationId'])
        .having((eb) => eb.fn.count('t.id'), '>', 2)
        .orderBy('amountSum', 'desc'),
  ],
  [
    'common table expression and subquery',
    (db) =>
      db
        .with('recentFills', (qb) =>
          qb.selectFrom('transactions').select(['customerId', 'startedAt']).where('startedAt', '>', 5),
        )
        .selectFrom('recentFills')
        .select((eb) => [
          'recentFills.customerId',
          eb
            .selectFrom('customers')
            .select('homeStationId')
            .whereRef('customers.id', '=', 'recentFills.customerId')
            .as('homeStation'),
        ]),
  ],
  [
    'sql.id and sql.table',
    (_db) => sql`select ${sql.id('vehicleClass')} from ${sql.table('vehicleSightings')}`,
  ],
  [
    'insert with conflict and returning',
    (db) =>
      db
        .insertInto('stationReviews')
        .values({ organizationId: 1, stationId: 2, rating: 5, createdAt: 3 } as never)
        .onConflict((oc) =>
          oc.columns(['stationId', 'createdAt'] as never).doUpdateSet({ rating: 4 } as never),
        )
        .returning(['id', 'createdAt'] as never),
  ],
  [
    'update and delete',
    (db) =>
      db
        .updateTable('memberships')
        .set({ disabledAt: 1 } as never)
        .where('userId', '=', 2),
  ],
  ['delete', (db) => db.deleteFrom('refreshTokens').where('expiresAt', '<', 9)],
  [
    'schema builder',
    (db) =>
      db.schema
        .createTable('probeTable')
        .addColumn('probeId', 'integer', (c) => c.primaryKey())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('probeTableUniqueIdx', ['createdAt']),
  ],
  [
    'create index',
    (db) =>
      db.schema
        .createIndex('transactionsStationIdx')
        .on('transactions')
        .columns(['stationId', 'startedAt desc']),
  ],
];

describe('snake_case identifiers written by the compiler', () => {
  for (const engine of ['sqlite', 'postgres'] as const) {
    it(`compile to the same SQL as the stock CamelCasePlugin (${engine})`, () => {
      const [before, after] = [stock(engine), ours(engine)];
      for (const [name, build] of queries) {
        const compile = (db: Kysely<Database>) => {
          const query = build(db);
          return 'isRawBuilder' in query ? query.compile(db) : query.compile();
        };
        const [a, b] = [compile(before), compile(after)];
        expect(b.sql, name).toBe(a.sql);
        expect(b.parameters, name).toEqual(a.parameters);
      }
      const first = queries[0]?.[1](after);
      expect(first && 'compile' in first && !('isRawBuilder' in first) ? first.compile().sql : '').toContain(
        '"started_at" >=',
      );
    });

    it(`compile the list endpoint's page, seek and capped count to the same SQL (${engine})`, async () => {
      const compiled: string[][] = [];
      for (const db of [stock(engine), ours(engine)]) {
        const base = transactionsQuery(
          db,
          { organizationId: 1, stationIds: [1, 2] },
          {
            startMs: 0,
            endMs: 30 * DAY,
            fuel: ['diesel'],
            registration: 'MH12',
          },
        );
        const order = keysetOrder(
          { field: 'startDate', direction: 'desc' },
          transactionSorts(true),
          'transactions.id',
        );
        const page = base
          .where(seekPredicate(order, { value: 5, id: 6 }, 'sqlite'))
          .orderBy(order.column, 'desc')
          .orderBy(order.id, 'desc')
          .limit(41);
        const narrow = base.clearSelect().select([order.column.as('keyValue'), order.id.as('keyId')]);
        const capped = base.clearSelect().select(sql<number>`1`.as('one')).limit(10_001);
        compiled.push([
          page.compile().sql,
          narrow.compile().sql,
          sql`select count(*) as count from (${capped}) as capped`.compile(db).sql,
        ]);
      }
      expect(compiled[1]).toEqual(compiled[0]);
      expect(typeof countCapped).toBe('function');
    });
  }
});

describe('rows through openDatabase (SQLite)', () => {
  it("come back as the stock plugin would map better-sqlite3's own rows", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'forecourt-rows-')), 'rows.db');
    const handle = openDatabase(file);
    const text =
      "select 1 as station_id, 'MH12' as vehicle_registration, null as customer_id, 2.5 as unit_ratio, x'01' as raw_bytes";
    const stockDb = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new BetterSqlite3(file) }),
      plugins: [new CamelCasePlugin()],
    });
    const ours = await sql.raw(text).execute(handle.db);
    const theirs = await sql.raw(text).execute(stockDb);
    expect(ours.rows).toEqual(theirs.rows);
    expect(Object.keys(ours.rows[0] as object)).toEqual([
      'stationId',
      'vehicleRegistration',
      'customerId',
      'unitRatio',
      'rawBytes',
    ]);
    await stockDb.destroy();
    await handle.close();
  });
});

describe('ColumnNames', () => {
  it('names columns both ways as the stock plugin does', () => {
    const names = new ColumnNames();
    expect(names.toCamelCase('vehicle_registration')).toBe('vehicleRegistration');
    expect(names.toSnakeCase('vehicleRegistration')).toBe('vehicle_registration');
    expect(names.toCamelCase(names.toSnakeCase('unitPricePaise'))).toBe('unitPricePaise');
  });
});
