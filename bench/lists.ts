import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type CompiledQuery, sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { encodeCursor, seekPredicate } from '../apps/server/src/db/keyset';
import { keysetOrder } from '../apps/server/src/modules/operations/list-page';
import {
  transactionSorts,
  transactionsQuery,
} from '../apps/server/src/modules/operations/transactions.repository';
import { BENCH_ORGANIZATION, serve } from './lists-server';

/**
 * List and tile figures for bench/results/lists.md, on a bench-scale database:
 *   npx tsx bench/lists.ts [--database-url /tmp/forecourt-bench/bench.db] [--requests 1000] [--rounds 3]
 * 1. GET /api/transactions (network, 30-day window, 40 rows): the first page, and a page 100,000
 *    rows deep reached by cursor, over HTTP at c=1 (p50/p99); the SQL the endpoint runs for it
 *    (first page: page + capped count; cursor page: the page, its count travels in the cursor)
 *    through the same driver with the rows JSON-stringified; the ratio of the two.
 * 2. GET /api/stations/:slug/overview of the busiest station for 24h, 7d, 30d and 180d (p50/p95/p99).
 * 3. GET /api/health over the same client: the floor of HTTP + Fastify on this box.
 */
const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: '/tmp/forecourt-bench/bench.db' },
    requests: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
  },
});
const databaseUrl = values['database-url'];
const DAY = 86_400_000;
const LIMIT = 40;

type Fixture = {
  url: string;
  token: string;
  endMs: number;
  station: { id: number; slug: string };
  registration: string;
};

async function startServer(): Promise<Fixture & { stop(): void }> {
  const script = fileURLToPath(import.meta.url);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, '--serve', '--database-url', databaseUrl],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const fixture = await new Promise<Fixture>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Fixture);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { ...fixture, stop: () => child.kill('SIGTERM') };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (value: number) => value.toFixed(value < 10 ? 3 : 1);

type Stats = { p50: number; p95: number; p99: number };
const stats = (times: number[]): Stats => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

/** Sequential keep-alive GETs (c=1), each timed from write to the last byte. */
function httpTimer(base: string, token: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(base);
  const once = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path,
          agent,
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(performance.now() - started)
              : reject(new Error(`${path}: ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  return async (path: string, count: number): Promise<number[]> => {
    for (let i = 0; i < Math.min(100, count); i++) await once(path);
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push(await once(path));
    return times;
  };
}

/**
 * The SQL the list endpoint runs (page + capped count), timed through the same driver: prepared
 * once (better-sqlite3 statements; named statements on PostgreSQL), the page JSON-stringified.
 */
function rawTimer(handle: ReturnType<typeof openDatabase>) {
  const statements = new Map<string, { all(...params: unknown[]): unknown[] }>();
  const names = new Map<string, string>();
  const exec = async (query: CompiledQuery): Promise<unknown[]> => {
    const params = query.parameters as unknown[];
    if (!handle.sqlite) {
      const name = names.get(query.sql) ?? `bench_list_${names.size}`;
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
  return async (queries: CompiledQuery[], count: number): Promise<number[]> => {
    const once = async () => {
      const started = performance.now();
      const results: unknown[][] = [];
      for (const query of queries) results.push(await exec(query));
      JSON.stringify(results[0]);
      return performance.now() - started;
    };
    for (let i = 0; i < Math.min(100, count); i++) await once();
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push(await once());
    return times;
  };
}

async function main(): Promise<void> {
  const requests = Number(values.requests);
  const rounds = Number(values.rounds);
  const server = await startServer();
  const handle = openDatabase(databaseUrl);
  const db = handle.db;
  const http = httpTimer(server.url, server.token);
  const raw = rawTimer(handle);
  const startMs = server.endMs - 30 * DAY;
  const window = `startDate=${new Date(startMs).toISOString()}&endDate=${new Date(server.endMs).toISOString()}`;

  // Compile what the endpoint runs: the same repository query, order, seek and capped count.
  const scope = { organizationId: BENCH_ORGANIZATION, stationIds: 'all' as const };
  const base = transactionsQuery(db, scope, { startMs, endMs: server.endMs });
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
  const boundary = await base
    .clearSelect()
    .select(['transactions.startedAt', 'transactions.id'])
    .orderBy('transactions.startedAt', 'desc')
    .orderBy('transactions.id', 'desc')
    .limit(1)
    .offset(100_000 - 1)
    .executeTakeFirstOrThrow();
  const key = { value: Number(boundary.startedAt), id: Number(boundary.id) };
  // As a client holds it: the cursor carries the first page's (capped) count.
  const cursor = encodeCursor('-startDate', key, { count: 10_000, approximate: true });
  const deep = base
    .where(seekPredicate(order, key))
    .orderBy(order.column, 'desc')
    .orderBy(order.id, 'desc')
    .limit(LIMIT + 1);

  const cases = [
    { name: 'first page', path: `/api/transactions?${window}`, sql: [ordered.compile(), count.compile(db)] },
    {
      name: '100,000 rows deep (cursor)',
      path: `/api/transactions?${window}&cursor=${cursor}`,
      sql: [deep.compile()],
    },
  ];
  const lines: string[] = [];
  for (const c of cases) {
    const api: Stats[] = [];
    const direct: Stats[] = [];
    const pageOnly: Stats[] = [];
    for (let r = 0; r < rounds; r++) {
      api.push(stats(await http(c.path, requests)));
      direct.push(stats(await raw(c.sql, requests)));
      pageOnly.push(stats(await raw(c.sql.slice(0, 1), requests)));
    }
    const a = { p50: median(api.map((s) => s.p50)), p99: median(api.map((s) => s.p99)) };
    const d = { p50: median(direct.map((s) => s.p50)), p99: median(direct.map((s) => s.p99)) };
    const p = median(pageOnly.map((s) => s.p50));
    lines.push(
      `| ${c.name} | ${ms(a.p50)} | ${ms(a.p99)} | ${ms(d.p50)} | ${ms(d.p99)} | ${ms(p)} | ${(a.p50 / d.p50).toFixed(2)}× |`,
    );
  }
  const health = stats(await http('/api/health', requests)).p50;

  const tiles: string[] = [];
  for (const days of [1, 7, 30, 180]) {
    const span = `startDate=${new Date(server.endMs - days * DAY).toISOString()}&endDate=${new Date(server.endMs).toISOString()}`;
    const runs: Stats[] = [];
    for (let r = 0; r < rounds; r++) {
      runs.push(
        stats(
          await http(`/api/stations/${server.station.slug}/overview?${span}`, Math.max(200, requests / 4)),
        ),
      );
    }
    const pick = (k: keyof Stats) => median(runs.map((s) => s[k]));
    tiles.push(
      `| ${days === 1 ? '24h' : `${days}d`} | ${ms(pick('p50'))} | ${ms(pick('p95'))} | ${ms(pick('p99'))} |`,
    );
  }
  const span = (days: number) =>
    `startDate=${new Date(server.endMs - days * DAY).toISOString()}&endDate=${new Date(server.endMs).toISOString()}`;
  const station = `/api/stations/${server.station.slug}`;
  const others: [string, string][] = [
    ['station transactions, first page (24h)', `${station}/transactions?${span(1)}`],
    ['station sales, 7d by hour', `${station}/sales?${span(7)}`],
    ['station sales, 180d by day', `${station}/sales?${span(180)}&frequency=1d`],
    ['station metrics, 24h by 5 min', `${station}/metrics?${span(1)}`],
    ['station customers, 180d', `${station}/customers?${span(180)}`],
    ['station dispensers', `${station}/dispensers?${span(1)}`],
    ['station schematic', `${station}/schematic`],
    ['network vehicles (registry)', '/api/vehicles'],
    ['vehicle page, 180d', `/api/vehicles/${server.registration}?${span(180)}`],
    ['network customers, 14d', `/api/customers?${span(14)}`],
    ['command centre, 24h', `/api/command?${span(1)}`],
    ['command centre, 180d', `/api/command?${span(180)}`],
  ];
  const otherLines: string[] = [];
  for (const [name, path] of others) {
    const s = stats(await http(path, 100));
    otherLines.push(`| ${name} | ${ms(s.p50)} | ${ms(s.p95)} |`);
  }
  server.stop();
  await handle.close();

  const cpu = cpus()[0]?.model ?? 'unknown';
  console.info(
    `\nMachine: ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${handle.dialect}`,
  );
  console.info(
    `Database: ${databaseUrl.replace(/:[^:@/]+@/, ':***@')}; ${requests} requests × ${rounds} rounds (medians)`,
  );
  console.info(
    '\n| network transactions | API p50 ms | API p99 ms | raw p50 ms | raw p99 ms | raw page query only p50 | API / raw |',
  );
  console.info('|---|---|---|---|---|---|---|');
  for (const line of lines) console.info(line);
  console.info(`\nGET /api/health over the same client: p50 ${ms(health)} ms (HTTP + Fastify floor).`);
  console.info(`\n| station overview (${server.station.slug}) | p50 ms | p95 ms | p99 ms |`);
  console.info('|---|---|---|---|');
  for (const line of tiles) console.info(line);
  console.info('\n| other endpoints (100 requests after 100 warm-up) | p50 ms | p95 ms |');
  console.info('|---|---|---|');
  for (const line of otherLines) console.info(line);
}

if (values.serve) await serve(databaseUrl);
else await main();
