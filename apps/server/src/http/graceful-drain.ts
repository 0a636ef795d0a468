import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown of the HTTP side (SIGTERM, rolling deploys). `drain()`:
 * 1. stops accepting new connections, but leaves the open ones alone: Node's `server.close()`
 *    would also close idle keep-alive connections at once, and a request a client had just sent
 *    on one would be reset;
 * 2. keeps answering every request that arrives on an open connection — normally, with
 *    `Connection: close`, so the client takes its next request elsewhere; the readiness check
 *    (`GET /api/health/ready`) answers 503 so a load balancer stops sending;
 * 3. waits until no request is in progress and every connection left has been idle a moment, or
 *    until the deadline (`SHUTDOWN_DRAIN_MS`, 10 s by default), whichever comes first.
 * The app then closes as usual (sockets as a transport close, queues, leases, Redis, database).
 */
export type Drain = {
  readonly draining: boolean;
  drain(options?: {
    deadlineMs?: number;
    idleMs?: number;
    /** Runs once accepting stopped (main closes the socket.io connections here). */
    onStart?: () => void;
  }): Promise<{ waitedMs: number; open: number }>;
};

type Tracked = { active: number; idleSince: number };

export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  const connections = new Map<Socket, Tracked>();

  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request, response) => {
    const tracked = connections.get(request.socket);
    if (!tracked) return;
    tracked.active += 1;
    response.once('close', () => {
      tracked.active -= 1;
      tracked.idleSince = Date.now();
    });
  });
  // A callback hook: an async one costs every request a promise and a microtask hop.
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });

  return {
    get draining() {
      return draining;
    },
    async drain({ deadlineMs = 10_000, idleMs = 1_000, onStart } = {}) {
      const started = Date.now();
      if (!draining) {
        draining = true;
        // Stop accepting without closing idle connections (see above).
        if (app.server.listening) NetServer.prototype.close.call(app.server);
        onStart?.();
      }
      for (;;) {
        const now = Date.now();
        const settled = [...connections.values()].every(
          (tracked) => tracked.active === 0 && now - tracked.idleSince >= idleMs,
        );
        if (settled || now - started >= deadlineMs) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return { waitedMs: Date.now() - started, open: connections.size };
    },
  };
}
