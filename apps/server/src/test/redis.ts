import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';

const run = promisify(execFile);

export type TestRedis = {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Stops the server (SHUTDOWN NOSAVE, then SIGTERM if it lingers) and removes its folder. */
  stop(): Promise<void>;
};

/** The redis-server binary: REDIS_SERVER, or the one on the PATH (Debian: /usr/bin/redis-server). */
export function redisServerBinary(): string | null {
  if (process.env.REDIS_SERVER) return process.env.REDIS_SERVER;
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'redis-server'))) return join(dir, 'redis-server');
  }
  return existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A throwaway redis-server on a free loopback port, kept in a temporary folder (no persistence:
 * `--save ''`, `--appendonly no`), daemonised with a pid file. Resolves once it answers PING.
 * Tests that need Redis call this in `beforeAll` and `stop()` in `afterAll`.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const binary = redisServerBinary();
  if (!binary) throw new Error('redis-server is not installed (scripts/install-system-deps.sh installs it)');
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-redis-'));
  const pidfile = join(dir, 'redis.pid');
  let port = 0;
  for (let attempt = 0; ; attempt += 1) {
    port = await freePort();
    try {
      await run(binary, [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'yes',
        '--pidfile',
        pidfile,
        '--dir',
        dir,
        '--logfile',
        join(dir, 'redis.log'),
      ]);
      await waitForPing(port);
      break;
    } catch (error) {
      // The port may have been taken between probing and binding: try another.
      if (attempt >= 3) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    port,
    async stop() {
      const client = new Redis(url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      try {
        await client.connect();
        await client.call('SHUTDOWN', 'NOSAVE').catch(() => undefined);
      } catch {
        // already gone
      } finally {
        client.disconnect();
      }
      const pid = existsSync(pidfile) ? Number(readFileSync(pidfile, 'utf8').trim()) : 0;
      for (let i = 0; i < 50 && pid > 0 && alive(pid); i += 1) await sleep(20);
      if (pid > 0 && alive(pid)) process.kill(pid, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForPing(port: number): Promise<void> {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    for (let i = 0; i < 100; i += 1) {
      try {
        if (client.status !== 'ready') await client.connect();
        if ((await client.ping()) === 'PONG') return;
      } catch {
        client.disconnect();
        await sleep(20);
      }
    }
    throw new Error(`redis-server on port ${port} did not answer`);
  } finally {
    client.disconnect();
  }
}
