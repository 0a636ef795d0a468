import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  ZNetworkCustomerPageQuery,
  ZNetworkPaymentPageQuery,
  ZNetworkTransactionPageQuery,
} from '@forecourt/contracts';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import type { Scope } from '../apps/server/src/lib/scope/scope';
import { listCustomers } from '../apps/server/src/modules/operations/customers.service';
import { listPayments } from '../apps/server/src/modules/operations/payments.service';
import { listTransactions } from '../apps/server/src/modules/operations/transactions.service';

/**
 * The screens' longest windows on the network lists, through the same service code as
 * the API, against an anchor measured beside it in the same run:
 *   npx tsx bench/long-windows.ts [--database-url /tmp/forecourt-bench/bench.db] [--rounds 15]
 * - customers ranked over 180 days (weekly rollup + edge fills) vs the one-pass aggregation of
 *   every customer fill of the window that served windows up to 31 days before (same index);
 * - transactions by amount over 366 days and payments over 93 days, first page and a page reached
 *   by cursor 25 pages deep (the amount index walked in page order) vs the time index + sort of
 *   the whole window that served a network day before.
 * The organisation with the most fills is measured; "now" is its latest fill.
 */
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: '/tmp/forecourt-bench/bench.db' },
    rounds: { type: 'string', default: '15' },
  },
});
const DAY = 86_400_000;
const rounds = Number(values.rounds);
const handle = openDatabase(values['database-url']);
const { db } = handle;
await migrateToLatest(db);

const busiest = await sql<{ organizationId: number; fills: number; latest: number }>`
  select organization_id as "organizationId", count(*) as fills, max(started_at) as latest
    from transactions group by organization_id order by count(*) desc limit 1`.execute(db);
const org = busiest.rows[0]!;
const now = Number(org.latest) + 1;
const scope: Scope = { organizationId: Number(org.organizationId), stationIds: 'all' };
const iso = (ms: number) => new Date(ms).toISOString();

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length / 2)]!,
    p95: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!,
  };
}

const out = (line: string) => process.stdout.write(`${line}\n`);
const report = (name: string, measured: { p50: number; p95: number }, anchor?: { p50: number }) => {
  const ratio = anchor ? `  (${(measured.p50 / anchor.p50).toFixed(2)}× the anchor)` : '';
  const line = `${name.padEnd(64)} p50 ${measured.p50.toFixed(1).padStart(8)} ms  p95 ${measured.p95.toFixed(1).padStart(8)} ms${ratio}`;
  out(line);
};

const count = await sql<{ n: number }>`
  select count(*) as n from transactions
   where organization_id = ${scope.organizationId} and customer_id is not null
     and started_at >= ${now - 180 * DAY} and started_at < ${now}`.execute(db);
out(
  `organisation ${scope.organizationId}: ${Number(org.fills).toLocaleString('en-GB')} fills, ${Number(count.rows[0]!.n).toLocaleString('en-GB')} customer fills in 180 days; ${handle.dialect}; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
);

// Customers, 180 days.
const customers = ZNetworkCustomerPageQuery.parse({ startDate: iso(now - 180 * DAY), endDate: iso(now) });
const rankAnchor = await time(() =>
  sql`select customer_id, sum(quantity_milli) as q, sum(amount_paise), count(*), max(started_at)
        from transactions
       where organization_id = ${scope.organizationId} and customer_id is not null
         and started_at >= ${now - 180 * DAY} and started_at < ${now}
       group by customer_id order by q desc limit 41`.execute(db),
);
report('anchor: every customer fill of 180 days, aggregated (old path)', rankAnchor);
report(
  'customers ranked over 180 days (API service)',
  await time(() => listCustomers(db, scope, customers, now)),
  rankAnchor,
);
const customers31 = ZNetworkCustomerPageQuery.parse({ startDate: iso(now - 31 * DAY), endDate: iso(now) });
report(
  'customers ranked over 31 days (API service)',
  await time(() => listCustomers(db, scope, customers31, now)),
  rankAnchor,
);

// Amount sorts.
async function amountCase(
  name: string,
  days: number,
  table: 'transactions' | 'payments',
  list: (cursor?: string) => Promise<{ nextCursor?: string }>,
) {
  const column = table === 'transactions' ? sql.ref('started_at') : sql.ref('paid_at');
  // The old path: the window through the time index, sorted whole (`amount_paise + 0` keeps the
  // amount index out, as before it existed).
  const anchor = await time(() =>
    sql`select * from ${sql.table(table)} where organization_id = ${scope.organizationId}
          and ${column} >= ${now - days * DAY} and ${column} < ${now}
        order by amount_paise + 0 desc, id desc limit 41`.execute(db),
  );
  report(`anchor: ${table} of ${days} days through the time index, sorted`, anchor);
  report(`${name}, first page (API service)`, await time(() => list()), anchor);
  let cursor: string | undefined;
  for (let i = 0; i < 25; i++) cursor = (await list(cursor)).nextCursor;
  report(`${name}, page 26 by cursor (API service)`, await time(() => list(cursor)), anchor);
}
await amountCase('transactions by -amountPaise over 366 days', 366, 'transactions', (cursor) =>
  listTransactions(
    db,
    scope,
    ZNetworkTransactionPageQuery.parse({
      startDate: iso(now - 366 * DAY),
      endDate: iso(now),
      sort: '-amountPaise',
      ...(cursor ? { cursor } : {}),
    }),
    now,
    true,
  ),
);
await amountCase('payments by -amountPaise over 93 days', 93, 'payments', (cursor) =>
  listPayments(
    db,
    scope,
    ZNetworkPaymentPageQuery.parse({
      startDate: iso(now - 93 * DAY),
      endDate: iso(now),
      sort: '-amountPaise',
      ...(cursor ? { cursor } : {}),
    }),
    now,
    true,
  ),
);
out(
  `load after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await handle.close();
