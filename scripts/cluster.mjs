// npm run cluster: Forecourt in its scaled mode on one machine, from this repository alone.
// Starts a throwaway PostgreSQL and Redis (under a temp dir, on loopback), two server processes on
// them (the first to take the startup lock migrates and seeds the demo data; the leader runs the
// live simulator), and a small round-robin proxy in front, then prints the address. Ctrl-C stops
// everything and removes the temporary data. The processes run the compiled server
// (apps/server/dist/main.mjs, rebuilt first when its sources changed) with plain Node. This script
// itself runs with `node --import tsx` (npm run cluster does): it reuses the test suite's Redis helper.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startTestRedis } from '../apps/server/src/test/redis.ts';
import { buildServerIfChanged, buildWebIfChanged, SERVER_BUNDLE } from './build.mjs';
import { startProxy } from './cluster-proxy.mjs';
import { startPostgres } from './postgres-cluster.mjs';

const PROCESSES = Number(process.env.CLUSTER_PROCESSES ?? 2);
const PORT = Number(process.env.PORT ?? 8080);
const root = join(import.meta.dirname, '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts one server process; resolves with its URL once it prints its banner. */
function startServer(name, env) {
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: join(root, 'apps/server'),
    env: { ...process.env, INIT_CWD: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let banner = '';
  return new Promise((resolve, reject) => {
    const onLine = (chunk) => {
      const text = chunk.toString();
      banner += text;
      const match = /running at (http:\/\/\S+)/.exec(banner);
      if (match && !child.started) {
        child.started = true;
        resolve({ name, child, url: match[1].replace('localhost', '127.0.0.1') });
        return;
      }
      // Warnings and errors of the processes (JSON lines), labelled.
      for (const line of text.split('\n'))
        if (line.startsWith('{')) process.stderr.write(`[${name}] ${line}\n`);
    };
    child.stdout.on('data', onLine);
    child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
    child.once('exit', (code) => {
      if (!child.started) reject(new Error(`${name} exited (${code}) before it was ready`));
      else console.info(`  ${name} exited (${code})`);
    });
  });
}

buildWebIfChanged();
await buildServerIfChanged();
console.info('Starting PostgreSQL and Redis on loopback…');
const [pg, redis] = await Promise.all([startPostgres(), startTestRedis()]);
const servers = [];
let proxy;
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.info('\nStopping…');
  await proxy?.close();
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          if (server.child.exitCode !== null) return resolve();
          server.child.once('exit', resolve);
          server.child.kill('SIGTERM');
        }),
    ),
  );
  await redis.stop();
  pg.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  const publicUrl = `http://localhost:${PORT}`;
  const env = {
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    SEED_DEMO: 'true',
    SIMULATOR: 'on',
    APP_URL: publicUrl,
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
  };
  console.info(
    `Starting ${PROCESSES} server processes (the first start seeds the demo data: about a minute)…`,
  );
  const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
  servers.push(
    ...(await Promise.all(
      ports.map((port, i) => startServer(String.fromCharCode(65 + i), { ...env, PORT: String(port) })),
    )),
  );
  proxy = await startProxy({ backends: servers.map((server) => server.url), port: PORT });
  console.info(`
  Forecourt (scaled mode) is running at ${publicUrl}
    proxy     ${proxy.url} → ${servers.map((server) => `${server.name} ${server.url}`).join(', ')}
    database  ${pg.url}
    redis     ${redis.url}

  Demo logins (password "forecourt-demo"): admin@forecourt.demo, member@forecourt.demo, admin@other.demo
  Ctrl-C stops everything and removes the temporary data.
`);
} catch (error) {
  console.error(error);
  await stopAll(1);
}
