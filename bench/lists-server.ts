import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { type CompiledQuery, sql } from 'kysely';
import { createApp } from '../apps/server/src/app';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { encodeCursor, seekAfter } from '../apps/server/src/db/keyset';
import { keysetOrder } from '../apps/server/src/lib/paging/list-page';
import { issueTokens } from '../apps/server/src/modules/auth/sessions.service';
import { refreshSalesRollups } from '../apps/server/src/modules/metrics/sales-rollup.repository';
import {
  transactionSorts,
  transactionsQuery,
} from '../apps/server/src/modules/operations/transactions.repository';

/**
 * The server side of bench/lists.ts, in its own process so the load generator does not share its
 * event loop: the real app over an existing bench database (`npm run seed -- --scale bench`),
 * migrated to the latest schema. Prints one JSON line with the URL, an admin's access token for
 * the main demo organisation, the end of the data and the busiest station.
 */
export const BENCH_ORGANIZATION = 1;
const ADMIN_EMAIL = 'admin@forecourt.demo';
const DAY = 86_400_000;
const LIMIT = 40;

export type ListCase = {
  name: string;
  /** The API request (path and query string). */
  path: string;
  /** The SQL the endpoint runs for it: the page first, then (first page only) the capped count. */
  sql: CompiledQuery[];
};

/**
 * The list cases of the bench — GET /api/transactions over the last `windowDays` of organisation 1:
 * its first page, and pages reached by cursor 100,000 rows deep and at the last page of the
 * window (the deepest the seed allows) — with the SQL the endpoint runs for each, compiled from the
 * same repository code (query, order, seek and capped count).
 */
export async function listCases(
  handle: DatabaseHandle,
  endMs: number,
  windowDays = Number(process.env.BENCH_LIST_WINDOW_DAYS ?? 366),
): Promise<ListCase[]> {
  const db = handle.db;
  const startMs = endMs - windowDays * DAY;
  const window = `startDate=${new Date(startMs).toISOString()}&endDate=${new Date(endMs).toISOString()}`;
  const scope = { organizationId: BENCH_ORGANIZATION, stationIds: 'all' as const };
  const base = transactionsQuery(db, scope, { startMs, endMs });
  const order = keysetOrder(
    { field: 'startDate', direction: 'desc' },
    transactionSorts(true),
    'transactions.id',
  );
  const ordered = base
    .orderBy(order.column, 'desc')
    .orderBy(order.id, 'desc')
    .limit(LIMIT + 1);
  const count = sql`select count(*) as count from (${base.clearSelect().select(sql`1`.as('one')).limit(10_001)}) as capped`;
  const total = await sql<{
    n: number;
  }>`select count(*) as n from (${base.clearSelect().select(sql`1`.as('one'))}) as all_rows`.execute(db);
  const rows = Number(total.rows[0]?.n ?? 0);
  const cases: ListCase[] = [
    { name: 'first page', path: `/api/transactions?${window}`, sql: [ordered.compile(), count.compile(db)] },
  ];
  for (const depth of [100_000, rows - LIMIT]) {
    if (depth < 1 || depth > rows - 1) continue;
    const boundary = await base
      .clearSelect()
      .select(['transactions.startedAt', 'transactions.id'])
      .orderBy('transactions.startedAt', 'desc')
      .orderBy('transactions.id', 'desc')
      .limit(1)
      .offset(depth - 1)
      .executeTakeFirstOrThrow();
    const key = { value: Number(boundary.startedAt), id: Number(boundary.id) };
    // As a client holds it: the cursor carries the first page's (capped) count.
    const cursor = encodeCursor('-startDate', key, { count: 10_000, approximate: true });
    const deep = seekAfter(base, order, key, handle.dialect)
      .orderBy(order.column, 'desc')
      .orderBy(order.id, 'desc')
      .limit(LIMIT + 1);
    cases.push({
      name: `${depth.toLocaleString('en-GB')} rows deep (cursor${depth === rows - LIMIT ? ', last page' : ''})`,
      path: `/api/transactions?${window}&cursor=${cursor}`,
      sql: [deep.compile()],
    });
  }
  return cases;
}

/**
 * Runs compiled SQL the way the bench's "raw" column does: through the same driver as the app,
 * each statement prepared once (better-sqlite3 statements; node-postgres named statements).
 */
export function rawExecutor(handle: DatabaseHandle, prefix: string) {
  const statements = new Map<string, { all(...params: unknown[]): unknown[] }>();
  const names = new Map<string, string>();
  return async (query: CompiledQuery): Promise<unknown[]> => {
    const params = query.parameters as unknown[];
    if (!handle.sqlite) {
      const name = names.get(query.sql) ?? `${prefix}_${names.size}`;
      names.set(query.sql, name);
      return (await handle.pool!.query({ name, text: query.sql, values: params })).rows;
    }
    let statement = statements.get(query.sql);
    if (!statement) {
      statement = handle.sqlite.prepare(query.sql);
      statements.set(query.sql, statement);
    }
    return statement.all(...params);
  };
}

/**
 * The least any HTTP endpoint can do for a case, as a reference for the API column: a bare
 * Fastify route (no auth, validation, security headers, Kysely or presenter) that runs the raw SQL
 * through the raw executor and sends the page rows JSON-stringified. GET /floor/<case index>;
 * GET /cpu answers the process's CPU time so far (ms).
 */
async function serveFloor(handle: DatabaseHandle, cases: ListCase[]): Promise<string> {
  const exec = rawExecutor(handle, 'bench_floor');
  const floor = Fastify({ logger: false });
  floor.get<{ Params: { index: string } }>('/floor/:index', async (request, reply) => {
    const queries = cases[Number(request.params.index)]?.sql ?? [];
    const results: unknown[][] = [];
    for (const query of queries) results.push(await exec(query));
    return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(results[0]));
  });
  // The server process's CPU time so far (ms), for the bench's CPU-per-request columns.
  floor.get('/cpu', async () => {
    const usage = process.cpuUsage();
    return { ms: (usage.user + usage.system) / 1000 };
  });
  return floor.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * Databases seeded before the hourly rollup was aligned to IST hours carry UTC-hour buckets:
 * rebuild both rollups from the fills once (about a minute at bench scale).
 */
async function alignRollups(handle: DatabaseHandle, log: (line: string) => void): Promise<void> {
  const { rows } = await sql<{ misaligned: number }>`
    select count(*) as misaligned from (select bucket from sales_hourly
     where (bucket + 19800000) % 3600000 <> 0 limit 1) as probe`.execute(handle.db);
  if (Number(rows[0]?.misaligned ?? 0) === 0) return;
  log('sales_hourly has UTC-hour buckets: rebuilding the rollups from transactions…');
  const started = performance.now();
  await refreshSalesRollups(handle.db, { fromMs: 0, toMs: 4_102_444_800_000 });
  log(`  rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export async function serve(databaseUrl: string): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const database = openDatabase(databaseUrl);
  const applied = await migrateToLatest(database.db);
  if (applied.length) log(`migrated: ${applied.join(', ')}`);
  await alignRollups(database, log);
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', ADMIN_EMAIL)
    .executeTakeFirstOrThrow();
  const { access_token: token } = await issueTokens(database.db, user.id);
  const end = await database.db
    .selectFrom('salesHourly')
    .select((eb) => eb.fn.max<number>('bucket').as('bucket'))
    .where('organizationId', '=', BENCH_ORGANIZATION)
    .executeTakeFirstOrThrow();
  const endMs = Number(end.bucket) + 3_600_000;
  const { rows: busiestRows } = await sql<{ id: number; slug: string }>`
    select s.id, s.slug from sales_daily d join stations s on s.id = d.station_id
     where s.organization_id = ${BENCH_ORGANIZATION} and d.day >= ${endMs - 8 * 86_400_000}
     group by s.id, s.slug order by sum(d.transaction_count) desc limit 1`.execute(database.db);
  const busiest = busiestRows[0];
  if (!busiest) throw new Error('no sales in the last week: seed the bench scale first');
  const vehicle = await database.db
    .selectFrom('vehicles')
    .select('registration')
    .where('organizationId', '=', BENCH_ORGANIZATION)
    .orderBy('lastSeenAt', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const app = await createApp({ database, webDist: mkdtempSync(join(tmpdir(), 'forecourt-lists-bench-')) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const floorUrl = await serveFloor(database, await listCases(database, endMs));
  process.stdout.write(
    `${JSON.stringify({ url, floorUrl, token, endMs, station: { id: Number(busiest.id), slug: busiest.slug }, registration: vehicle.registration })}\n`,
  );
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
