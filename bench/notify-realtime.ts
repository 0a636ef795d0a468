import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io as connect, type Socket } from 'socket.io-client';
import { createApp, loggerOptions } from '../apps/server/src/app';
import { subscriberHash } from '../apps/server/src/modules/notify/secrets';
import { redisServerBinary, startTestRedis } from '../apps/server/src/test/redis';
import { benchEnvironment, benchTargets, freshDatabase, machineLine, ms, summary } from './notify-common';

/**
 * Trigger → `unseen_count_changed` at the subscriber's socket, for bench/results/notify-realtime.md:
 *
 *   npx tsx bench/notify-realtime.ts [--subscribers 1000] [--rate 100] [--seconds 30]   # SQLite (+ BullMQ)
 *   node scripts/with-postgres.mjs npx tsx bench/notify-realtime.ts                     # then PostgreSQL
 *
 * The server is the real app in its own process (`--serve`: a fresh database, one environment,
 * listening on 127.0.0.1; with `--redis-url` the job queue is BullMQ). This process opens an inbox
 * session for each of N subscribers (POST /v1/widgets/session/initialize with the HMAC), connects
 * N socket.io clients (websocket transport, token in `auth`), waits until the server has accepted
 * them all, then sends triggers open-loop at a fixed rate (the seeded `system-announcement`
 * workflow, one in-app step, `to` = the next subscriber round-robin; keep-alive HTTP, no waiting
 * for answers). Latency = from the moment a trigger's request is written to the moment its
 * subscriber's socket receives `unseen_count_changed`: the trigger transaction, the queue, the
 * worker's transaction, the realtime publisher (message read back, `notification_received`, the
 * capped counts) and the socket. A warm-up (5 s) is not counted. CPU: the server process from /proc.
 */
const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    subscribers: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string' },
    'no-redis': { type: 'boolean', default: false },
  },
});

type Served = {
  url: string;
  secretKey: string;
  applicationIdentifier: string;
  label: string;
  /** PostgreSQL: the postmaster's pid (its CPU and its children's are read from /proc). */
  postmaster: number | null;
};

const stat = (pid: number | string) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  } catch {
    return [];
  }
};

/** CPU seconds used so far by a process (Linux /proc: utime + stime). */
function cpuSeconds(pid: number): number {
  const fields = stat(pid);
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of a PostgreSQL server: the postmaster (with reaped children) and its live children. */
function databaseCpuSeconds(postmaster: number | null): number {
  if (postmaster === null) return 0;
  const own = stat(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = stat(entry);
    if (fields[1] === String(postmaster)) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

async function startServer(databaseUrl: string | null, redisUrl: string | null) {
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'];
  if (databaseUrl) args.push('--database-url', databaseUrl);
  if (redisUrl) args.push('--redis-url', redisUrl);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const served = await new Promise<Served>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve(JSON.parse(line) as Served);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return {
    ...served,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function post(agent: Agent, url: string, headers: Record<string, string>, body: unknown) {
  const data = JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec));

async function run(databaseUrl: string | null, redisUrl: string | null) {
  const N = Number(values.subscribers);
  const RATE = Number(values.rate);
  const SECONDS = Number(values.seconds);
  const WARMUP = 5;
  const server = await startServer(databaseUrl, redisUrl);
  const queue = redisUrl ? 'BullMQ (Redis)' : 'in process';
  console.info(`${server.label} / ${queue}: server at ${server.url}`);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sockets: Socket[] = [];
  try {
    // Sessions (20 at a time): each creates its subscriber and returns its widget token.
    const ids = Array.from({ length: N }, (_, i) => `rt-${i}`);
    const tokens: string[] = new Array(N);
    for (let start = 0; start < N; start += 20) {
      await Promise.all(
        ids.slice(start, start + 20).map(async (subscriberId, offset) => {
          const response = await post(
            agent,
            `${server.url}/v1/widgets/session/initialize`,
            {},
            {
              applicationIdentifier: server.applicationIdentifier,
              subscriberId,
              hmacHash: subscriberHash(server.secretKey, subscriberId),
            },
          );
          if (response.status !== 201) throw new Error(`session ${response.status} ${response.body}`);
          tokens[start + offset] = (JSON.parse(response.body) as { data: { token: string } }).data.token;
        }),
      );
    }
    // Sockets; each subscriber's pending trigger times, oldest first.
    const pending: number[][] = ids.map(() => []);
    const latencies: number[] = [];
    let measuring = false;
    let unexpected = 0;
    let connected = 0;
    await Promise.all(
      ids.map(
        (_, i) =>
          new Promise<void>((resolve, reject) => {
            const socket = connect(server.url, {
              transports: ['websocket'],
              reconnection: false,
              forceNew: true,
              auth: { token: tokens[i] },
            });
            sockets.push(socket);
            socket.once('connect', () => {
              connected += 1;
              resolve();
            });
            socket.once('connect_error', reject);
            socket.on('unseen_count_changed', () => {
              const sent = pending[i]?.shift();
              if (sent === undefined) {
                unexpected += 1;
                return;
              }
              if (sent >= 0 && measuring) latencies.push(performance.now() - sent);
            });
          }),
      ),
    );
    // The server checks each token after the connection; give it time to accept (or refuse) them.
    await sleep(1500);
    const live = sockets.filter((socket) => socket.connected).length;
    if (live !== N) throw new Error(`only ${live} of ${N} sockets stayed connected`);
    console.info(`  ${connected} sockets connected`);

    const headers = { authorization: `ApiKey ${server.secretKey}` };
    const answers: number[] = [];
    let failures = 0;
    const total = (WARMUP + SECONDS) * RATE;
    const interval = 1000 / RATE;
    const started = performance.now();
    const cpuBefore = { server: 0, database: 0, client: process.cpuUsage() };
    let sentCount = 0;
    let measuredSent = 0;
    for (let k = 0; k < total; k += 1) {
      const due = started + k * interval;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      if (k === WARMUP * RATE) {
        measuring = true;
        cpuBefore.server = cpuSeconds(server.pid);
        cpuBefore.database = databaseCpuSeconds(server.postmaster);
        cpuBefore.client = process.cpuUsage();
      }
      const index = k % N;
      const sentAt = performance.now();
      // Warm-up triggers are marked -1: their events are consumed but not counted.
      pending[index]?.push(measuring ? sentAt : -1);
      if (measuring) measuredSent += 1;
      sentCount += 1;
      post(agent, `${server.url}/v1/events/trigger`, headers, {
        name: 'system-announcement',
        to: ids[index],
        payload: { title: `Pump ${k % 12} is down`, body: 'Attendant assigned' },
      })
        .then((response) => {
          if (response.status !== 201) failures += 1;
          else if (measuring) answers.push(performance.now() - sentAt);
        })
        .catch(() => {
          failures += 1;
        });
    }
    const sendSeconds = (performance.now() - started) / 1000 - WARMUP;
    // Let the last events arrive.
    for (let i = 0; i < 100 && latencies.length < measuredSent; i += 1) await sleep(50);
    const serverCpu = cpuSeconds(server.pid) - cpuBefore.server;
    const databaseCpu = databaseCpuSeconds(server.postmaster) - cpuBefore.database;
    const clientCpu = process.cpuUsage(cpuBefore.client);
    const events = summary(latencies);
    const http = summary(answers);
    const row = {
      label: server.label,
      queue,
      sent: measuredSent,
      received: latencies.length,
      rate: measuredSent / sendSeconds,
      events,
      http,
      failures,
      unexpected,
      serverCpu: (serverCpu / sendSeconds) * 100,
      databaseCpu: (databaseCpu / sendSeconds) * 100,
      clientCpu: ((clientCpu.user + clientCpu.system) / 1e6 / sendSeconds) * 100,
      load: loadavg()[0] ?? 0,
    };
    console.info(
      `  ${row.sent} triggers at ${row.rate.toFixed(1)}/s, ${row.received} events: p50 ${ms(events.p50)} ms, p99 ${ms(events.p99)} ms, max ${ms(events.max)} ms; server CPU ${row.serverCpu.toFixed(0)} % + database ${row.databaseCpu.toFixed(0)} %, load ${row.load.toFixed(1)}`,
    );
    void sentCount;
    return row;
  } finally {
    for (const socket of sockets) socket.disconnect();
    agent.destroy();
    await server.stop();
  }
}

async function main() {
  const redis = !values['no-redis'] && redisServerBinary() ? await startTestRedis() : null;
  const rows = [];
  try {
    for (const target of benchTargets(values['database-url'])) {
      rows.push(await run(target, null));
      if (redis) rows.push(await run(target, redis.url));
    }
  } finally {
    await redis?.stop();
  }
  console.info(
    `\nTrigger → unseen_count_changed, ${values.subscribers} connected subscribers, ${values.rate} triggers/s for ${values.seconds} s after a 5 s warm-up (ms):\n`,
  );
  console.info(
    '| database | queue | triggers (rate) | events received | p50 | p95 | p99 | max | trigger answered p50 / p99 | CPU: server + database + client | load (1 min) |',
  );
  console.info('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.info(
      `| ${r.label} | ${r.queue} | ${r.sent} (${r.rate.toFixed(1)}/s) | ${r.received}${r.failures ? ` (${r.failures} failed)` : ''}${r.unexpected ? ` (+${r.unexpected} unexpected)` : ''} | ${ms(r.events.p50)} | ${ms(r.events.p95)} | **${ms(r.events.p99)}** | ${ms(r.events.max)} | ${ms(r.http.p50)} / ${ms(r.http.p99)} | ${r.serverCpu.toFixed(0)} + ${r.databaseCpu.toFixed(0)} + ${r.clientCpu.toFixed(0)} % | ${r.load.toFixed(1)} |`,
    );
  }
  console.info(`\n${machineLine()}`);
  process.exit(0);
}

async function serve() {
  const database = await freshDatabase(values['database-url'] ?? null, 'realtime');
  const { environment, secretKey } = await benchEnvironment(database.db);
  const app = await createApp({
    database,
    webDist: join(tmpdir(), 'forecourt-noweb-realtime'),
    logger: loggerOptions('error'),
    auth: {},
    ...(values['redis-url']
      ? { notify: { redisUrl: values['redis-url'], redisPrefix: `bench-${process.pid}` } }
      : {}),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const served: Served = {
    url,
    secretKey,
    applicationIdentifier: environment.applicationIdentifier,
    label: database.label,
    postmaster: null,
  };
  if (database.pool) {
    const { rows } = await database.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    served.postmaster = Number(stat(rows[0]?.pid ?? 0)[1]) || null;
  }
  process.stdout.write(`${JSON.stringify(served)}\n`);
  const stop = async () => {
    await app.close();
    await database.dispose();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
}

if (values.serve) await serve();
else await main();
