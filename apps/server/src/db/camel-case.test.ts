import {
  CamelCasePlugin,
  type Compilable,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryId,
  type RawBuilder,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type UnknownRow,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { keysetOrder } from '../lib/paging/list-page';
import { transactionSorts, transactionsQuery } from '../modules/operations/transactions.repository';
import { CamelCaseResults, camelCaseDialect } from './camel-case';
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
  const results = new CamelCaseResults();
  const config =
    engine === 'sqlite' ? { sqlite: { database: {} as never } } : { postgres: { pool: {} as never } };
  return new Kysely<Database>({ dialect: camelCaseDialect(config, results), plugins: [results] });
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

const queryId = { queryId: 'test' } as QueryId;
const mapBoth = async (rows: UnknownRow[]) => {
  const result = { rows };
  const before = await new CamelCasePlugin().transformResult({ result, queryId });
  const after = await new CamelCaseResults().transformResult({ result, queryId });
  return { before: before.rows, after: after.rows };
};

describe('CamelCaseResults', () => {
  it('maps rows of scalars exactly as the stock plugin does', async () => {
    const { before, after } = await mapBoth([
      { id: 1, station_id: 2, started_at: 1_795_028_559_829, vehicle_registration: null, amount_paise: 10n },
      { id: 2, station_id: 3, started_at: 0, vehicle_registration: 'MH12AB1234', amount_paise: 0n },
    ]);
    expect(after).toEqual(before);
    expect(after[0]).toEqual({
      id: 1,
      stationId: 2,
      startedAt: 1_795_028_559_829,
      vehicleRegistration: null,
      amountPaise: 10n,
    });
    expect(Object.keys(after[0] ?? {})).toEqual(Object.keys(before[0] ?? {}));
  });

  it('leaves dates and buffers alone and maps nested objects and arrays like the stock plugin', async () => {
    const when = new Date(0);
    const bytes = Buffer.from('ab');
    const { before, after } = await mapBoth([
      { created_at: when, raw_bytes: bytes },
      { json_doc: { inner_key: 1, deeper_list: [{ leaf_value: 2 }] }, tag_list: ['a_b', { c_d: 1 }] },
    ]);
    expect(after).toEqual(before);
    expect(after[0]?.createdAt).toBe(when);
    expect(after[0]?.rawBytes).toBe(bytes);
    expect(after[1]).toEqual({
      jsonDoc: { innerKey: 1, deeperList: [{ leafValue: 2 }] },
      tagList: ['a_b', { cD: 1 }],
    });
  });
});
