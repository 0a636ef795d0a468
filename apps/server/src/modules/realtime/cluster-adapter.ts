import type { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { ioredis, redisAdapter } from '../../lib/redis-packages';

/**
 * The socket.io adapter that joins the socket.io servers of several Forecourt processes through
 * Redis publish/subscribe (`@socket.io/redis-adapter`): a broadcast to a room on any process
 * reaches the sockets in that room on every process, and `serverSideEmit` reaches the other
 * processes. Rooms stay local to the process holding the socket; only broadcasts cross Redis.
 * Why pub/sub rather than the streams adapter: docs/DECISIONS.md ("Cross-process realtime").
 */
export type ClusterAdapter = {
  /** The adapter constructor to hand to `new Server(…, {adapter})`. */
  adapter: ReturnType<typeof createAdapter>;
  /** Resolves once both Redis connections are ready (fails after `timeoutMs`). */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

/** Key prefix of the adapter's channels; deployments sharing a Redis pick their own. */
export function createClusterAdapter(
  url: string,
  log: FastifyBaseLogger,
  prefix = 'forecourt',
): ClusterAdapter {
  const pub = new (ioredis().Redis)(url, { lazyConnect: true, maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  for (const client of [pub, sub])
    client.on('error', (error) => log.warn({ err: error }, 'realtime redis connection error'));
  const adapter = redisAdapter().createAdapter(pub, sub, {
    key: `${prefix}:socket.io`,
    requestsTimeout: 5_000,
  });
  return {
    adapter,
    async ready(timeoutMs = 10_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`REDIS_URL: no answer from Redis within ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([
          Promise.all(
            [pub, sub].map(async (client) => {
              if (client.status === 'wait') await client.connect();
              else if (client.status !== 'ready')
                await new Promise<void>((resolve) => client.once('ready', () => resolve()));
            }),
          ),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await Promise.all(
        [pub, sub].map((client) =>
          client.status === 'wait' ? client.disconnect() : client.quit().catch(() => client.disconnect()),
        ),
      );
    },
  };
}
