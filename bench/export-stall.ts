import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../apps/server/src/app';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { issueTokens } from '../apps/server/src/modules/auth/sessions.service';
import { fillRows, insertFills } from '../apps/server/src/modules/operations/testing';
import { createOrganization, createSignedInUser, createStation } from '../apps/server/src/test/factories';
import { machineLine, ms, summary } from './notify-common';

/**
 * `/api/health` latency while CSV exports stream on SQLite, for bench/results/export-stall.md:
 *
 *   npx tsx bench/export-stall.ts [--rows 200000] [--exports 1,3]
 *
 * The server is the real app in this process on a fresh SQLite file: one station with `rows` fills
 * spread over the last 365 days, three admins. A prober process asks `/api/health` in a loop (10 ms
 * apart) and downloader processes each stream `GET /api/transactions?format=csv` over the 365-day
 * window (one admin each, so the per-user bound of two exports does not refuse them). Reported:
 * health latency of the requests asked while the exports streamed (and, first, with no export),
 * the exports' duration and rows per second. Prober and downloaders are separate processes, so a
 * blocked server loop cannot hide itself by also stopping the clients' timers.
 */
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '200000' },
    exports: { type: 'string', default: '1,3' },
  },
});
const ROWS = Number(values.rows);
const DAY = 86_400_000;

const PROBER = `
const samples = [];
let stop = false;
process.stdin.on('data', () => {});
process.stdin.on('end', () => { stop = true; });
(async () => {
  while (!stop) {
    const at = Date.now();
    const started = performance.now();
    try { const r = await fetch(process.argv[1]); await r.arrayBuffer(); } catch {}
    samples.push([at, performance.now() - started]);
    await new Promise((r) => setTimeout(r, 10));
  }
  process.stdout.write(JSON.stringify(samples));
})();
`;

const DOWNLOADER = `
(async () => {
  const startedAt = Date.now();
  const response = await fetch(process.argv[1], { headers: { authorization: 'Bearer ' + process.argv[2] } });
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  process.stdout.write(JSON.stringify({ status: response.status, bytes, startedAt, endedAt: Date.now() }));
})();
`;

function child(script: string, args: string[]) {
  const process_ = spawn(process.execPath, ['-e', script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  process_.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<string>((resolve) => process_.on('exit', () => resolve(output)));
  return { stdin: process_.stdin, exited };
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-export-bench-'));
  const database = openDatabase(join(dir, 'bench.db'));
  await migrateToLatest(database.db);
  const now = Date.now();
  const org = await createOrganization(database.db, { slug: 'bench', name: 'Bench' });
  const station = await createStation(database.db, org.id, { slug: 'bench-one' });
  const tokens: string[] = [];
  for (let n = 0; n < 3; n++) {
    const { user } = await createSignedInUser(database.db, { organizationId: org.id, role: 'admin' });
    tokens.push((await issueTokens(database.db, user.id)).access_token);
  }
  const everyMs = Math.floor((365 * DAY) / ROWS);
  await insertFills(database.db, fillRows(station, ROWS, { latest: now - 60_000, everyMs }));
  const app = await createApp({ database, webDist: dir });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const window = `startDate=${new Date(now - 365 * DAY).toISOString()}&endDate=${new Date(now).toISOString()}`;
  const exportUrl = `${base}/api/transactions?format=csv&${window}`;

  print(machineLine());
  print(`${ROWS} fills over 365 days, SQLite, one station`);
  print('| exports at once | health n | p50 ms | p95 ms | p99 ms | max ms | export s | rows/s per export |');
  print('|---|---|---|---|---|---|---|---|');
  for (const count of [0, ...values.exports.split(',').map(Number)]) {
    const prober = child(PROBER, [`${base}/api/health`]);
    await sleep(500);
    let from = Date.now();
    let to = from + 3_000;
    let durations: number[] = [];
    if (count === 0) await sleep(3_000);
    else {
      const runs = await Promise.all(
        Array.from({ length: count }, (_, i) => child(DOWNLOADER, [exportUrl, tokens[i] ?? '']).exited),
      );
      const results = runs.map(
        (out) => JSON.parse(out) as { status: number; bytes: number; startedAt: number; endedAt: number },
      );
      if (results.some((r) => r.status !== 200))
        throw new Error(`an export failed: ${JSON.stringify(results)}`);
      from = Math.min(...results.map((r) => r.startedAt));
      to = Math.max(...results.map((r) => r.endedAt));
      durations = results.map((r) => r.endedAt - r.startedAt);
    }
    prober.stdin.end();
    const samples = JSON.parse(await prober.exited) as [number, number][];
    const health = summary(samples.filter(([at]) => at >= from && at <= to).map(([, latency]) => latency));
    const seconds = durations.length ? Math.max(...durations) / 1000 : 0;
    const rate = durations.length
      ? ROWS / (durations.reduce((a, b) => a + b, 0) / durations.length / 1000)
      : 0;
    print(
      `| ${count} | ${health.n} | ${ms(health.p50)} | ${ms(health.p95)} | ${ms(health.p99)} | ${ms(health.max)} | ${count ? seconds.toFixed(1) : '–'} | ${count ? Math.round(rate) : '–'} |`,
    );
  }
  print(machineLine());
  await app.close();
  await database.close();
}

await main();
