import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/database';
import { createForecourt } from '../apps/server/src/modules/ingest/testing';
import { createOrganization, createSignedInUser } from '../apps/server/src/test/factories';
import { startTestRedis } from '../apps/server/src/test/redis';
import { type ServerProcess, startServerProcess } from '../apps/server/src/test/server-process';
import { startProxy } from '../scripts/cluster-proxy.mjs';
import { startPostgres } from '../scripts/postgres-cluster.mjs';
import { inboxSubscribers } from './inbox-fixture';
import { machineLine, ms, summary } from './notify-common';

/**
 * One process versus two, on one PostgreSQL and one Redis (bench/results/cluster.md):
 *
 *   npx tsx bench/cluster.ts [--sockets 2000] [--rate 100] [--seconds 20] [--inboxes 200] [--latency-only]
 *
 * Real server processes (src/main.ts) on a throwaway PostgreSQL and Redis, started with
 * REDIS_URL (BullMQ, the socket.io Redis adapter, the Redis rate store).
 * 1. One process (A): list requests/s and triggers/s (autocannon, 20 connections, 10 s), and
 *    trigger → `unseen_count_changed` latency at `--rate` triggers/s with `--inboxes` sockets on A.
 * 2. Two processes (A, B): the same throughput through the loopback round-robin proxy, and the
 *    latency with the triggers sent to A and the sockets on B (the event crosses Redis).
 * 3. `--sockets` inbox sockets through the proxy (half on each process): the processes' memory
 *    per socket; then A is killed (SIGKILL) and the time until 99 % / 100 % are connected again.
 */
const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    inboxes: { type: 'string', default: '200' },
    /** Only the latency comparison (no throughput, no socket storm). */
    'latency-only': { type: 'boolean', default: false },
  },
});
const LATENCY_ONLY = values['latency-only'];
const SOCKETS = Number(values.sockets);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const INBOXES = Number(values.inboxes);

/** Ends the run early (`--latency-only`). */
class Done extends Error {}

type Cannon = { requests: { average: number }; non2xx: number; errors: number; latency: { p99: number } };
const autocannon = createRequire(import.meta.url)('autocannon') as (options: object) => Promise<Cannon>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => loadavg()[0]?.toFixed(1) ?? '?';
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
};

const out: string[] = [];
const report = (line: string) => {
  out.push(line);
  console.info(line);
};

const [pg, redis] = await Promise.all([startPostgres(), startTestRedis()]);
const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url, LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '10' };
const servers: ServerProcess[] = [];
const clients: Socket[] = [];
try {
  servers.push(await startServerProcess('A', env));
  const A = servers[0] as ServerProcess;
  const database = openDatabase(pg.url, { poolSize: 4 });
  const db = database.db;
  const organization = await createOrganization(db);
  const admin = await createSignedInUser(db, { organizationId: organization.id, role: 'admin' });
  const forecourt = await createForecourt(db, organization.id);
  const secretKey = `bench-secret-${'k'.repeat(40)}`;
  const apiKey = { authorization: `ApiKey ${secretKey}`, 'content-type': 'application/json' };
  const subscriberCount = Math.max(SOCKETS, INBOXES);
  const { tokens } = await inboxSubscribers(db, organization.id, subscriberCount, secretKey);
  const created = await fetch(`${A.url}/v1/workflows`, {
    method: 'POST',
    headers: apiKey,
    body: JSON.stringify({
      name: 'bench-hello',
      triggerIdentifier: 'bench-hello',
      steps: [{ type: 'in_app', content: 'hello {{n}}' }],
    }),
  });
  if (created.status !== 201) throw new Error(`workflow: ${created.status} ${await created.text()}`);

  const listUrl = (base: string) => `${base}/api/stations/${forecourt.station.slug}/transactions`;
  async function throughput(base: string) {
    const lists = await autocannon({
      url: listUrl(base),
      connections: 20,
      duration: 10,
      headers: admin.headers,
    });
    const triggers = await autocannon({
      url: `${base}/v1/events/trigger`,
      method: 'POST',
      connections: 20,
      duration: 10,
      headers: apiKey,
      body: JSON.stringify({ name: 'bench-hello', to: 'bench-0', payload: { n: 1 } }),
    });
    return { lists, triggers };
  }

  /** Connects inbox sockets for subscribers [from, from + count) to `url`; resolves when all are in. */
  async function connectInboxes(url: string, from: number, count: number, reconnection = false) {
    const sockets: Socket[] = [];
    for (let i = from; i < from + count; i += 1) {
      const socket = io(url, {
        auth: { token: tokens[i] },
        transports: ['websocket'],
        forceNew: true,
        reconnection,
      });
      sockets.push(socket);
      clients.push(socket);
      if (sockets.length % 200 === 0) await sleep(50);
    }
    await Promise.all(
      sockets.map((socket) =>
        socket.connected ? null : new Promise<void>((resolve) => socket.once('connect', () => resolve())),
      ),
    );
    return sockets;
  }

  /** Triggers at RATE/s to `triggerUrl` for subscribers with sockets; latency to their badge event. */
  async function latency(triggerUrl: string, sockets: Socket[]) {
    const sent = new Map<number, number>();
    const samples: number[] = [];
    sockets.forEach((socket, index) => {
      socket.on('unseen_count_changed', () => {
        const at = sent.get(index);
        if (at === undefined) return;
        sent.delete(index);
        samples.push(performance.now() - at);
      });
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    const { hostname, port } = new URL(triggerUrl);
    const total = RATE * SECONDS;
    const started = performance.now();
    for (let n = 0; n < total; n += 1) {
      const wait = started + (n * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      const index = n % sockets.length;
      if (sent.has(index)) continue;
      const body = JSON.stringify({ name: 'bench-hello', to: `bench-${index}`, payload: { n } });
      const req = request(
        {
          host: hostname,
          port,
          path: '/v1/events/trigger',
          method: 'POST',
          agent,
          headers: { ...apiKey, 'content-length': Buffer.byteLength(body) },
        },
        (res) => res.resume(),
      );
      req.on('error', () => undefined);
      sent.set(index, performance.now());
      req.end(body);
    }
    const deadline = Date.now() + 15_000;
    while (sent.size > 0 && Date.now() < deadline) await sleep(50);
    agent.destroy();
    for (const socket of sockets) socket.off('unseen_count_changed');
    return { ...summary(samples), lost: sent.size };
  }

  report(machineLine());
  report(
    `Dataset: 1 organisation, ${subscriberCount} subscribers, workflow with one in-app step; lists read one station's transactions (default window).`,
  );
  // 1. One process.
  const one = LATENCY_ONLY ? null : await throughput(A.url);
  if (one)
    report(
      `one process: lists ${one.lists.requests.average.toFixed(0)}/s (non-2xx ${one.lists.non2xx}), triggers ${one.triggers.requests.average.toFixed(0)}/s (non-2xx ${one.triggers.non2xx}); load ${load()}`,
    );
  await sleep(5_000); // let the queue work off the triggers
  let inboxes = await connectInboxes(A.url, 0, INBOXES);
  const single = await latency(A.url, inboxes);
  report(
    `one process: trigger → badge at ${RATE}/s: p50 ${ms(single.p50)} p95 ${ms(single.p95)} p99 ${ms(single.p99)} max ${ms(single.max)} ms (n ${single.n}, lost ${single.lost}); load ${load()}`,
  );
  for (const socket of inboxes) socket.close();

  // 2. Two processes.
  servers.push(await startServerProcess('B', env));
  const B = servers[1] as ServerProcess;
  const proxy = await startProxy({ backends: [A.url, B.url] });
  const two = LATENCY_ONLY ? null : await throughput(proxy.url);
  if (two)
    report(
      `two processes (proxy): lists ${two.lists.requests.average.toFixed(0)}/s (non-2xx ${two.lists.non2xx}), triggers ${two.triggers.requests.average.toFixed(0)}/s (non-2xx ${two.triggers.non2xx}); load ${load()}`,
    );
  await sleep(5_000);
  inboxes = await connectInboxes(B.url, 0, INBOXES);
  const cross = await latency(A.url, inboxes);
  report(
    `two processes: trigger at A → badge at B at ${RATE}/s: p50 ${ms(cross.p50)} p95 ${ms(cross.p95)} p99 ${ms(cross.p99)} max ${ms(cross.max)} ms (n ${cross.n}, lost ${cross.lost}); p99 ratio ${(cross.p99 / single.p99).toFixed(2)}×; load ${load()}`,
  );
  for (const socket of inboxes) socket.close();
  await sleep(2_000);

  // 3. Sockets over both processes, then a reconnect storm.
  if (LATENCY_ONLY) throw new Done();
  const before = rssMb(A.pid) + rssMb(B.pid);
  const storm = await connectInboxes(`${proxy.url}`, 0, SOCKETS, true);
  await sleep(3_000);
  const after = rssMb(A.pid) + rssMb(B.pid);
  report(
    `${SOCKETS} inbox sockets over two processes (upgrades A/B: ${proxy.stats.upgrades.join('/')}): RSS ${before.toFixed(0)} → ${after.toFixed(0)} MiB, ${(((after - before) * 1024) / SOCKETS).toFixed(1)} KiB per socket; load ${load()}`,
  );
  const killedAt = performance.now();
  A.child.kill('SIGKILL');
  await A.exited;
  let p99At: number | null = null;
  let allAt: number | null = null;
  while (performance.now() - killedAt < 60_000) {
    const up = storm.filter((socket) => socket.connected).length;
    if (p99At === null && up >= Math.ceil(SOCKETS * 0.99)) p99At = performance.now() - killedAt;
    if (up === SOCKETS) {
      allAt = performance.now() - killedAt;
      break;
    }
    await sleep(50);
  }
  report(
    `reconnect storm after SIGKILL of A: 99 % connected again after ${p99At === null ? 'more than 60 s' : `${(p99At / 1000).toFixed(1)} s`}, 100 % after ${allAt === null ? 'more than 60 s' : `${(allAt / 1000).toFixed(1)} s`}; load ${load()}`,
  );
  for (const socket of clients) socket.close();
  await proxy.close();
  await database.close();
} catch (error) {
  if (!(error instanceof Done)) throw error;
} finally {
  for (const socket of clients) socket.close();
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await redis.stop();
  pg.stop();
}
console.info(`\n${out.join('\n')}`);
process.exit(0);
