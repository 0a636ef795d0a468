import { type CompiledQuery, sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { seekAfter } from '../apps/server/src/db/keyset';
import { keysetOrder } from '../apps/server/src/lib/paging/list-page';
import type { Scope } from '../apps/server/src/lib/scope/scope';
import { customerSummaryQuery } from '../apps/server/src/modules/operations/customers.repository';
import {
  transactionSorts,
  transactionsQuery,
} from '../apps/server/src/modules/operations/transactions.repository';

/**
 * Query plans of the main list and rollup reads on a seeded database (docs/API.md, "How these
 * queries stay cheap"): SQLite `EXPLAIN QUERY PLAN` with a timing, PostgreSQL
 * `EXPLAIN (ANALYZE, BUFFERS)`.
 *   npx tsx bench/lists-plans.ts /tmp/forecourt-bench/bench.db | postgres://…
 */
const url = process.argv[2] ?? '/tmp/forecourt-bench/bench.db';
const handle = openDatabase(url);
const db = handle.db;
const DAY = 86_400_000;
const { rows } = await sql<{ end: number }>`
  select max(bucket) + 3600000 as "end" from sales_hourly where organization_id = 1`.execute(db);
const end = Number(rows[0]?.end);
const all: Scope = { organizationId: 1, stationIds: 'all' };
const one: Scope = { organizationId: 1, stationIds: [1] };
const some: Scope = { organizationId: 1, stationIds: [1, 2, 3, 4, 5, 6] };
const order = keysetOrder(
  { field: 'startDate', direction: 'desc' },
  transactionSorts(true),
  'transactions.id',
);
const range = { startMs: end - 30 * DAY, endMs: end };
const page = (scope: Scope, seek = false) => {
  let query = transactionsQuery(db, scope, range);
  if (seek) query = seekAfter(query, order, { value: end - 5 * DAY, id: 5_000_000 }, handle.dialect);
  return query.orderBy(order.column, 'desc').orderBy(order.id, 'desc').limit(41).compile();
};
const capped = transactionsQuery(db, all, range).clearSelect().select(sql`1`.as('one')).limit(10_001);
const from180 = end - 180 * DAY;

const cases: [string, CompiledQuery][] = [
  ['network page', page(all)],
  ['network cursor seek', page(all, true)],
  ['station page', page(one)],
  ['member page (6 stations)', page(some)],
  ['capped count', sql`select count(*) as count from (${capped}) as capped`.compile(db)],
  [
    'station 180 d from sales_daily',
    sql`select fuel, payment_mode, sum(transaction_count), sum(quantity_milli), sum(amount_paise) from sales_daily
         where station_id = 1 and day >= ${from180} and day < ${end} group by fuel, payment_mode`.compile(db),
  ],
  [
    'organisation 180 d by station',
    sql`select station_id, fuel, payment_mode, sum(transaction_count), sum(amount_paise) from sales_daily
         where organization_id = 1 and day >= ${from180} and day < ${end} group by station_id, fuel, payment_mode`.compile(
      db,
    ),
  ],
  [
    'vehicles served, partial day',
    sql`select count(*) from vehicle_sightings where station_id = 1 and seen_at >= ${end - DAY}
         and seen_at < ${end} and transaction_id is not null`.compile(db),
  ],
  [
    'customers, station 180 d',
    customerSummaryQuery(db, one, { startMs: from180, endMs: end })
      .orderBy(sql`quantity_milli`, 'desc')
      .limit(41)
      .compile(),
  ],
  [
    'a nozzle last fill',
    sql`select id, started_at from transactions where nozzle_id = 3 order by started_at desc limit 1`.compile(
      db,
    ),
  ],
];

for (const [name, query] of cases) {
  const params = query.parameters as unknown[];
  console.info(`\n== ${name}`);
  if (handle.sqlite) {
    const plan = handle.sqlite.prepare(`explain query plan ${query.sql}`).all(...params) as {
      detail: string;
    }[];
    console.info(plan.map((step) => step.detail).join('\n'));
    const statement = handle.sqlite.prepare(query.sql);
    statement.all(...params);
    const started = performance.now();
    for (let i = 0; i < 5; i++) statement.all(...params);
    console.info(`  ${((performance.now() - started) / 5).toFixed(2)} ms`);
  } else {
    const result = await handle.pool!.query<{ 'QUERY PLAN': string }>({
      text: `explain (analyze, buffers, costs off) ${query.sql}`,
      values: params,
    });
    console.info(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
}
await handle.close();
