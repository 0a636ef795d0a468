import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CompiledQuery } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { listCases, rawExecutor, serve } from './lists-server';

/**
 * List and tile figures for bench/results/lists.md, on a bench-scale database:
 *   npx tsx bench/lists.ts [--database-url /tmp/forecourt-bench/bench.db] [--requests 1000] [--rounds 3] [--lists-only]
 * 1. GET /api/transactions (network, 366-day window by default — BENCH_LIST_WINDOW_DAYS — 40 rows):
 *    the first page, and pages 100,000 rows deep and at the last page of the window reached by
 *    cursor, over HTTP at c=1 (p50/p99); the SQL the endpoint runs for it
 *    (first page: page + capped count; cursor page: the page, its count travels in the cursor)
 *    through the same driver with the rows JSON-stringified; the ratio of the two. For reference,
 *    the "floor": a bare Fastify route in the server process running that raw SQL the same way;
 *    API / floor by wall time (p50) and by the server process's CPU time per request, the two
 *    timed side by side in alternating blocks of 50 requests.
 * 2. GET /api/stations/:slug/overview of the busiest station for 24h, 7d, 30d and 180d (p50/p95/p99).
 * 3. GET /api/health over the same client: the floor of HTTP + Fastify on this box.
 */
const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: '/tmp/forecourt-bench/bench.db' },
    requests: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    'lists-only': { type: 'boolean', default: false },
  },
});
const databaseUrl = values['database-url'];
const DAY = 86_400_000;

type Fixture = {
  url: string;
  floorUrl: string;
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
  return async (path: string, count: number, warmUp = Math.min(100, count)): Promise<number[]> => {
    for (let i = 0; i < warmUp; i++) await once(path);
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
  const exec = rawExecutor(handle, 'bench_list');
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

const BLOCK = 50;

/**
 * The API and the floor timed side by side: blocks of {@link BLOCK} requests, API then floor, until
 * each has made `count` (after 100 warm-up requests each), so drift on a busy box (other processes,
 * PostgreSQL's background work) reaches both alike. Also the server process's CPU time per request
 * of each (its CPU time read before and after every block).
 */
async function sideBySide(
  api: () => Promise<number[]>,
  floor: () => Promise<number[]>,
  warmUp: { api: () => Promise<unknown>; floor: () => Promise<unknown> },
  floorUrl: string,
  count: number,
): Promise<{ api: number[]; floor: number[]; apiCpu: number; floorCpu: number }> {
  const read = async () => ((await (await fetch(`${floorUrl}/cpu`)).json()) as { ms: number }).ms;
  await warmUp.api();
  await warmUp.floor();
  const times = { api: [] as number[], floor: [] as number[] };
  const cpu = { api: 0, floor: 0 };
  for (let made = 0; made < count; made += BLOCK) {
    for (const [side, run] of [
      ['api', api],
      ['floor', floor],
    ] as const) {
      const before = await read();
      times[side].push(...(await run()));
      cpu[side] += (await read()) - before;
    }
  }
  return { ...times, apiCpu: cpu.api / times.api.length, floorCpu: cpu.floor / times.floor.length };
}

async function main(): Promise<void> {
  const requests = Number(values.requests);
  const rounds = Number(values.rounds);
  const server = await startServer();
  const handle = openDatabase(databaseUrl);
  const http = httpTimer(server.url, server.token);
  const raw = rawTimer(handle);
  const cases = await listCases(handle, server.endMs);
  const floor = httpTimer(server.floorUrl, server.token);
  const lines: string[] = [];
  for (const [index, c] of cases.entries()) {
    const api: Stats[] = [];
    const direct: Stats[] = [];
    const pageOnly: Stats[] = [];
    const bare: Stats[] = [];
    const apiCpu: number[] = [];
    const floorCpu: number[] = [];
    const floorPath = `/floor/${index}`;
    for (let r = 0; r < rounds; r++) {
      const run = await sideBySide(
        () => http(c.path, BLOCK, 0),
        () => floor(floorPath, BLOCK, 0),
        { api: () => http(c.path, 0, 100), floor: () => floor(floorPath, 0, 100) },
        server.floorUrl,
        requests,
      );
      api.push(stats(run.api));
      bare.push(stats(run.floor));
      apiCpu.push(run.apiCpu);
      floorCpu.push(run.floorCpu);
      direct.push(stats(await raw(c.sql, requests)));
      pageOnly.push(stats(await raw(c.sql.slice(0, 1), requests)));
    }
    const a = { p50: median(api.map((s) => s.p50)), p99: median(api.map((s) => s.p99)) };
    const d = { p50: median(direct.map((s) => s.p50)), p99: median(direct.map((s) => s.p99)) };
    const p = median(pageOnly.map((s) => s.p50));
    const f = median(bare.map((s) => s.p50));
    const ac = median(apiCpu);
    const fc = median(floorCpu);
    lines.push(
      `| ${c.name} | ${ms(a.p50)} | ${ms(a.p99)} | ${ms(d.p50)} | ${ms(d.p99)} | ${ms(p)} | ${(a.p50 / d.p50).toFixed(2)}× | ${ms(f)} | ${(f / d.p50).toFixed(2)}× | **${(a.p50 / f).toFixed(2)}×** | ${ms(ac)} / ${ms(fc)} | **${(ac / fc).toFixed(2)}×** |`,
    );
  }
  const health = stats(await http('/api/health', requests)).p50;
  if (values['lists-only']) {
    server.stop();
    await handle.close();
    printLists(lines, health);
    return;
  }

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

  printLists(lines, health);
  console.info(`\n| station overview (${server.station.slug}) | p50 ms | p95 ms | p99 ms |`);
  console.info('|---|---|---|---|');
  for (const line of tiles) console.info(line);
  console.info('\n| other endpoints (100 requests after 100 warm-up) | p50 ms | p95 ms |');
  console.info('|---|---|---|');
  for (const line of otherLines) console.info(line);
}

function printLists(lines: string[], health: number): void {
  const cpu = cpus()[0]?.model ?? 'unknown';
  const dialect = /^postgres(ql)?:/.test(databaseUrl) ? 'postgres' : 'sqlite';
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.info(
    `\nMachine: ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${dialect}; load average now ${load}`,
  );
  console.info(
    `Database: ${databaseUrl.replace(/:[^:@/]+@/, ':***@')}; ${values.requests} requests × ${values.rounds} rounds (medians)`,
  );
  console.info(
    '\n| network transactions | API p50 ms | API p99 ms | raw p50 ms | raw p99 ms | raw page query only p50 | API / raw | floor p50 ms | floor / raw | **API / floor** | server CPU ms per request, API / floor | **API / floor by CPU** |',
  );
  console.info('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const line of lines) console.info(line);
  console.info(`\nGET /api/health over the same client: p50 ${ms(health)} ms (HTTP + Fastify floor).`);
}

if (values.serve) await serve(databaseUrl);
else await main();
