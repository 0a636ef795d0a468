import { spawn } from 'node:child_process';
import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillRows, insertFills } from '../modules/operations/testing';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../test/factories';

const DAY = 86_400_000;
const ROWS = 40_000;
/** The bound the health check must stay under while an export streams (generous). */
const HEALTH_BOUND_MS = 250;

type Streaming = { response: IncomingMessage; done: Promise<number>; abort(): void };

/** Starts a GET and resolves with its response; `done` counts the bytes once the body has ended. */
function open(url: string, headers: Record<string, string>, options: { paused?: boolean } = {}) {
  return new Promise<Streaming>((resolve, reject) => {
    const request = get(url, { headers }, (response) => {
      let bytes = 0;
      const done = new Promise<number>((resolveDone) => {
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolveDone(bytes));
        response.on('close', () => resolveDone(bytes));
        response.on('error', () => resolveDone(bytes));
      });
      if (options.paused) response.pause();
      resolve({ response, done, abort: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

/**
 * A prober in its own process (so a blocked server event loop cannot also stop the prober's
 * timers): it asks `url` in a loop, 10 ms apart, and when its stdin ends prints every sample as
 * `[startedAtEpochMs, latencyMs]`.
 */
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

function startProber(url: string) {
  const child = spawn(process.execPath, ['-e', PROBER, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    async stop(): Promise<[number, number][]> {
      child.stdin.end();
      await exited;
      return JSON.parse(output) as [number, number][];
    },
  };
}

const waitFor = async (condition: () => boolean, what: string) => {
  for (let i = 0; i < 1_000 && !condition(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
};

describe('CSV export on SQLite shares the event loop', () => {
  let t: TestApp;
  let base: string;
  let admin: Record<string, string>;
  let other: Record<string, string>;
  let exportUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const now = t.clock.now();
    const org = await createOrganization(db);
    const station = await createStation(db, org.id, { slug: 'stall-one' });
    admin = (await createSignedInUser(db, { organizationId: org.id, role: 'admin' })).headers;
    other = (await createSignedInUser(db, { organizationId: org.id, role: 'admin' })).headers;
    // One fill every ~13 minutes over the last year.
    const everyMs = Math.floor((365 * DAY) / ROWS);
    await insertFills(db, fillRows(station, ROWS, { latest: now - 60_000, everyMs }));
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const window = `startDate=${new Date(now - 365 * DAY).toISOString()}&endDate=${new Date(now).toISOString()}`;
    exportUrl = `${base}/api/transactions?format=csv&${window}`;
  }, 120_000);
  afterAll(() => t.close());

  // The stall is SQLite's (a synchronous driver on the event loop); on PostgreSQL the rows arrive
  // as I/O, and the shared box's PostgreSQL server competes with the prober for the CPU.
  it.skipIf(process.env.TEST_DATABASE_URL !== undefined)(
    `answers /api/health within ${HEALTH_BOUND_MS} ms while a year of fills streams on SQLite`,
    async () => {
      const prober = startProber(`${base}/api/health`);
      await new Promise((r) => setTimeout(r, 300)); // the prober is up and asking
      const exportStarted = Date.now();
      const exporting = await open(exportUrl, admin);
      expect(exporting.response.statusCode).toBe(200);
      const bytes = await exporting.done;
      const exportEnded = Date.now();
      const samples = await prober.stop();
      expect(bytes).toBeGreaterThan(ROWS * 50);
      // Health requests asked while the export streamed.
      const latencies = samples
        .filter(([at]) => at >= exportStarted && at <= exportEnded)
        .map(([, latency]) => latency)
        .sort((a, b) => a - b);
      const at = (q: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
      const [p50, p99] = [at(0.5), at(0.99)];
      const exportMs = exportEnded - exportStarted;
      const figures = `health p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${latencies.length} samples, export ${exportMs} ms`;
      // Blocked, every probe waits for the rest of the export. Served between pages, a probe waits
      // for about one page: the typical one stays far under the bound, and even the slowest (a busy
      // box's scheduling included) stays a small part of the export, which the same load stretches.
      expect(p50, figures).toBeLessThan(HEALTH_BOUND_MS);
      expect(p99, figures).toBeLessThan(Math.max(HEALTH_BOUND_MS, exportMs / 4));
      // The export must have lasted long enough to be sampled repeatedly.
      expect(latencies.length).toBeGreaterThanOrEqual(10);
    },
    120_000,
  );

  it('lets one user run at most two exports at once (429 TOO_MANY_EXPORTS), others unaffected', async () => {
    const first = await open(exportUrl, admin, { paused: true });
    const second = await open(exportUrl, admin, { paused: true });
    expect([first.response.statusCode, second.response.statusCode]).toEqual([200, 200]);
    const third = await fetch(exportUrl, { headers: admin });
    expect(third.status).toBe(429);
    expect(((await third.json()) as { code: string }).code).toBe('TOO_MANY_EXPORTS');
    const someoneElse = await open(exportUrl, other, { paused: true });
    expect(someoneElse.response.statusCode).toBe(200);
    // A client that goes away gives its slot back.
    first.abort();
    await waitFor(() => t.app.csvExports.streaming === 2, 'the aborted export to close');
    const again = await open(exportUrl, admin, { paused: true });
    expect(again.response.statusCode).toBe(200);
    for (const streaming of [second, someoneElse, again]) streaming.abort();
    await waitFor(() => t.app.csvExports.streaming === 0, 'every export to close');
  }, 120_000);

  it('closing the server (SIGTERM) ends an export that is still streaming', async () => {
    const stuck = await open(exportUrl, admin, { paused: true });
    expect(stuck.response.statusCode).toBe(200);
    await waitFor(() => t.app.csvExports.streaming === 1, 'the export to start');
    await t.app.close();
    expect(t.app.csvExports.streaming).toBe(0);
    stuck.response.resume();
    await stuck.done;
    expect(stuck.response.complete).toBe(false);
  }, 120_000);
});
