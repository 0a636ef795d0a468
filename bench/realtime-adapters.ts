import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createAdapter as createPubSubAdapter } from '@socket.io/redis-adapter';
import { createAdapter as createStreamsAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { startTestRedis } from '../apps/server/src/test/redis';
import { machineLine, ms, summary } from './notify-common';

/**
 * Which socket.io adapter carries Forecourt's cross-process events (docs/DECISIONS.md, "Cross-process
 * realtime"): the Redis pub/sub adapter or the Redis streams adapter, measured the way Forecourt uses
 * them — two socket.io servers in this process on one throwaway Redis, `--clients` sockets on the
 * second server, each in its own room (as an inbox subscriber is), and the first server emitting to
 * those rooms:
 *
 *   npx tsx bench/realtime-adapters.ts [--clients 200] [--rate 1000] [--seconds 10] [--burst 20000]
 *
 * Latency: emits at `--rate`/s for `--seconds`, from the emit call to the client's handler (one
 * clock). Throughput: `--burst` emits as fast as the event loop allows, until the last arrives.
 */
const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    burst: { type: 'string', default: '20000' },
  },
});
const CLIENTS = Number(values.clients);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const BURST = Number(values.burst);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const redis = await startTestRedis();
const lines: string[] = [machineLine()];

async function run(kind: 'pub/sub' | 'streams') {
  const connections: Redis[] = [];
  const prefix = `bench-${kind === 'pub/sub' ? 'ps' : 'st'}-${Date.now()}`;
  const adapter = () => {
    if (kind === 'pub/sub') {
      const pub = new Redis(redis.url);
      const sub = pub.duplicate();
      connections.push(pub, sub);
      return createPubSubAdapter(pub, sub, { key: prefix });
    }
    const client = new Redis(redis.url);
    connections.push(client);
    return createStreamsAdapter(client, { streamName: prefix });
  };
  const https: HttpServer[] = [];
  const servers = [0, 1].map(() => {
    const http = createServer();
    https.push(http);
    return new Server(http, { adapter: adapter(), transports: ['websocket'] });
  });
  for (const http of https) await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const [first, second] = servers as [Server, Server];
  second.on('connection', (socket) => void socket.join(`r${(socket.handshake.auth as { n: number }).n}`));
  const port = ((https[1] as HttpServer).address() as AddressInfo).port;
  const clients: Socket[] = [];
  const samples: number[] = [];
  let received = 0;
  for (let n = 0; n < CLIENTS; n += 1) {
    const client = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], auth: { n }, forceNew: true });
    client.on('m', (sentAt: number) => {
      received += 1;
      if (sentAt > 0) samples.push(performance.now() - sentAt);
    });
    clients.push(client);
  }
  await Promise.all(clients.map((c) => new Promise<void>((resolve) => c.once('connect', () => resolve()))));
  await sleep(1_000);

  const started = performance.now();
  for (let i = 0; i < RATE * SECONDS; i += 1) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    first.to(`r${i % CLIENTS}`).emit('m', performance.now());
  }
  const deadline = Date.now() + 10_000;
  while (received < RATE * SECONDS && Date.now() < deadline) await sleep(20);
  const latency = summary(samples);

  received = 0;
  const burstStart = performance.now();
  for (let i = 0; i < BURST; i += 1) {
    first.to(`r${i % CLIENTS}`).emit('m', 0);
    if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
  }
  const burstDeadline = Date.now() + 60_000;
  while (received < BURST && Date.now() < burstDeadline) await sleep(5);
  const burstMs = performance.now() - burstStart;
  lines.push(
    `${kind}: ${RATE}/s to ${CLIENTS} rooms: p50 ${ms(latency.p50, 2)} p95 ${ms(latency.p95, 2)} p99 ${ms(latency.p99, 2)} max ${ms(latency.max, 1)} ms (n ${latency.n}); burst of ${BURST}: ${received} received in ${ms(burstMs, 0)} ms = ${Math.round((received * 1000) / burstMs)}/s`,
  );
  for (const client of clients) client.close();
  for (const server of servers) await new Promise((resolve) => server.close(() => resolve(undefined)));
  for (const connection of connections) connection.disconnect();
}

try {
  await run('pub/sub');
  await run('streams');
  await run('pub/sub');
  await run('streams');
} finally {
  await redis.stop();
}
console.info(lines.join('\n'));
process.exit(0);
