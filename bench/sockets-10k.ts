import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/database';
import { createOrganization } from '../apps/server/src/test/factories';
import { startTestRedis } from '../apps/server/src/test/redis';
import { type ServerProcess, startServerProcess } from '../apps/server/src/test/server-process';
import { startPostgres } from '../scripts/postgres-cluster.mjs';
import { inboxSubscribers } from './inbox-fixture';
import { machineLine } from './notify-common';

/**
 * 10,000 inbox sockets over two Forecourt processes on one PostgreSQL and one Redis (the socket.io
 * Redis adapter), then a reconnect storm (bench/results/sockets-10k.md):
 *
 *   npx tsx bench/sockets-10k.ts [--sockets 10000] [--clients 4] [--proxies 2] [--rate 1000]
 *
 * Processes: two servers (A, B; src/main.ts with REDIS_URL), `--proxies` loopback round-robin
 * proxies in processes of their own (a proxy holds two descriptors per socket), and `--clients` client processes holding a share of the sockets each
 * (bench/socket-clients.mjs), so neither the proxy nor one client event loop is the bottleneck.
 * Sockets connect websocket-only through the proxy at `--rate` per second in all. Memory per
 * socket is each server's RSS growth over the sockets the proxy handed it. Then A is killed with
 * SIGKILL and the time until 99 % and 100 % of the sockets are connected again (to B) is taken.
 * The descriptor limit is raised with `ulimit -n` (the script re-runs itself under it; up to the
 * hard limit when it may not go higher).
 */
const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '4' },
    rate: { type: 'string', default: '1000' },
    proxies: { type: 'string', default: '2' },
  },
});
const SOCKETS = Number(values.sockets);
const CLIENTS = Number(values.clients);
const RATE = Number(values.rate);
const PROXIES = Number(values.proxies);
const DESCRIPTORS = 65_536;

if (!process.env.SOCKETS_BENCH_ULIMIT) {
  const soft = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  if (soft < DESCRIPTORS) {
    const args = [...process.execArgv, ...process.argv.slice(1)];
    const child = spawn(
      'sh',
      [
        '-c',
        `ulimit -n ${DESCRIPTORS} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`,
        process.execPath,
        ...args,
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, SOCKETS_BENCH_ULIMIT: '1' },
      },
    );
    child.on('exit', (code) => process.exit(code ?? 1));
    await new Promise(() => undefined);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
};
/** CPU seconds (user + system) a process has used: fields 14 and 15 of /proc/<pid>/stat, in ticks. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const out: string[] = [];
const report = (line: string) => {
  out.push(line);
  console.info(line);
};

const [pg, redis] = await Promise.all([startPostgres(), startTestRedis()]);
const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url, LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '10' };
const servers: ServerProcess[] = [];
const children: ChildProcess[] = [];
try {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
  report(machineLine());
  report(`Commit ${commit}; descriptor limit ${execFileSync('sh', ['-c', 'ulimit -n']).toString().trim()}`);
  servers.push(await startServerProcess('A', env));
  servers.push(await startServerProcess('B', env));
  const [A, B] = servers as [ServerProcess, ServerProcess];
  const database = openDatabase(pg.url, { poolSize: 4 });
  const organization = await createOrganization(database.db);
  const { tokens } = await inboxSubscribers(
    database.db,
    organization.id,
    SOCKETS,
    `bench-secret-${'k'.repeat(40)}`,
  );
  await database.close();

  // A proxy holds two descriptors per socket; several proxies keep each under the hard limit.
  const proxies = Array.from({ length: PROXIES }, () =>
    fork(join(import.meta.dirname, 'proxy-process.mjs'), [A.url, B.url]),
  );
  children.push(...proxies);
  const proxyUrls = await Promise.all(
    proxies.map(
      (proxy) =>
        new Promise<string>((resolve) =>
          proxy.once('message', (message: { url: string }) => resolve(message.url)),
        ),
    ),
  );
  const statsOf = (proxy: ChildProcess) =>
    new Promise<{ upgrades: number[]; failed: number }>((resolve) => {
      const onMessage = (message: { stats?: { upgrades: number[]; failed: number } }) => {
        if (!message.stats) return;
        proxy.off('message', onMessage);
        resolve(message.stats);
      };
      proxy.on('message', onMessage);
      proxy.send({ stats: true });
    });
  const proxyStats = async () => {
    const all = await Promise.all(proxies.map(statsOf));
    return {
      upgrades: [0, 1].map((i) => all.reduce((sum, stats) => sum + (stats.upgrades[i] ?? 0), 0)),
      failed: all.reduce((sum, stats) => sum + stats.failed, 0),
    };
  };

  await sleep(3_000);
  const before = { A: rssMb(A.pid), B: rssMb(B.pid) };
  report(`Before: RSS A ${before.A.toFixed(0)} MiB, B ${before.B.toFixed(0)} MiB; load ${load()}`);

  const connected = new Array<number>(CLIENTS).fill(0);
  const reasons: Record<string, number>[] = [];
  const reasonTotals = () => {
    const totals: Record<string, number> = {};
    for (const each of reasons)
      for (const [key, n] of Object.entries(each)) totals[key] = (totals[key] ?? 0) + n;
    return JSON.stringify(totals);
  };
  const share = Math.ceil(SOCKETS / CLIENTS);
  const perTick = Math.max(1, Math.round(RATE / 10 / CLIENTS));
  const startedAt = performance.now();
  const cpuBefore = { A: cpuSeconds(A.pid), B: cpuSeconds(B.pid), proxies: 0, clients: 0 };
  const sideCpu = (list: ChildProcess[]) =>
    list.reduce((sum, child) => sum + cpuSeconds(child.pid as number), 0);
  const clientProcesses: ChildProcess[] = [];
  cpuBefore.proxies = sideCpu(proxies);
  for (let c = 0; c < CLIENTS; c += 1) {
    const child = fork(join(import.meta.dirname, 'socket-clients.mjs'));
    children.push(child);
    clientProcesses.push(child);
    child.on('message', (message: { connected: number; reasons: Record<string, number> }) => {
      connected[c] = message.connected;
      reasons[c] = message.reasons;
    });
    child.send({ url: proxyUrls[c % PROXIES], tokens: tokens.slice(c * share, (c + 1) * share), perTick });
  }
  const up = () => connected.reduce((a, b) => a + b, 0);
  while (up() < SOCKETS && performance.now() - startedAt < 600_000) await sleep(100);
  report(
    `${up()} of ${SOCKETS} sockets connected through ${PROXIES} proxies in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (${CLIENTS} client processes, paced at ${RATE}/s); load ${load()}`,
  );
  report(
    `Client events while connecting: ${reasonTotals()}; CPU while connecting: A ${(cpuSeconds(A.pid) - cpuBefore.A).toFixed(1)} s, B ${(cpuSeconds(B.pid) - cpuBefore.B).toFixed(1)} s, proxies ${(sideCpu(proxies) - cpuBefore.proxies).toFixed(1)} s, clients ${sideCpu(clientProcesses).toFixed(1)} s`,
  );
  await sleep(5_000);
  const stats = await proxyStats();
  const after = { A: rssMb(A.pid), B: rssMb(B.pid) };
  const [onA = 0, onB = 0] = stats.upgrades;
  const perSocket = (grown: number, count: number) => ((grown * 1024) / Math.max(1, count)).toFixed(1);
  report(
    `Memory: A ${before.A.toFixed(0)} → ${after.A.toFixed(0)} MiB over ${onA} upgrades (${perSocket(after.A - before.A, onA)} KiB/socket), B ${before.B.toFixed(0)} → ${after.B.toFixed(0)} MiB over ${onB} upgrades (${perSocket(after.B - before.B, onB)} KiB/socket); load ${load()}`,
  );

  const cpuBeforeStorm = cpuSeconds(B.pid);
  const sideBeforeStorm = { proxies: sideCpu(proxies), clients: sideCpu(clientProcesses) };
  const killedAt = performance.now();
  A.child.kill('SIGKILL');
  await A.exited;
  // The clients report every 100 ms: wait for their first report after the kill to see the drop.
  await sleep(300);
  const dropped = SOCKETS - up();
  let p99At: number | null = null;
  let allAt: number | null = null;
  const trace: string[] = [];
  let nextTrace = 1_000;
  while (performance.now() - killedAt < 60_000) {
    const now = performance.now() - killedAt;
    const count = up();
    if (now >= nextTrace) {
      trace.push(`${(now / 1000).toFixed(0)} s: ${count}`);
      nextTrace += 1_000;
    }
    if (p99At === null && count >= Math.ceil(SOCKETS * 0.99)) p99At = now;
    if (count >= SOCKETS) {
      allAt = now;
      break;
    }
    await sleep(50);
  }
  const fmt = (at: number | null) => (at === null ? 'more than 60 s' : `${(at / 1000).toFixed(1)} s`);
  report(
    `Reconnect storm after SIGKILL of A (${dropped} sockets dropped): 99 % connected after ${fmt(p99At)}, 100 % after ${fmt(allAt)}; RSS B ${rssMb(B.pid).toFixed(0)} MiB; load ${load()}`,
  );
  report(
    `Connected sockets by second after the kill: ${trace.join(', ')}; CPU in the storm: B ${(cpuSeconds(B.pid) - cpuBeforeStorm).toFixed(1)} s, proxies ${(sideCpu(proxies) - sideBeforeStorm.proxies).toFixed(1)} s, clients ${(sideCpu(clientProcesses) - sideBeforeStorm.clients).toFixed(1)} s`,
  );
  const final = await proxyStats();
  report(
    `Client events in all: ${reasonTotals()}; proxies: upgrades A/B ${final.upgrades.join('/')}, failed ${final.failed}`,
  );
  const errors = B.output()
    .split('\n')
    .filter((line) => /"level":(50|40)/.test(line));
  report(
    `B logged ${errors.length} warnings/errors${errors[0] ? `, first: ${errors[0].slice(0, 300)}` : ''}`,
  );
} finally {
  for (const child of children) {
    child.send?.({ close: true });
    child.kill();
  }
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await redis.stop();
  pg.stop();
}
console.info(`\n${out.join('\n')}`);
process.exit(0);
