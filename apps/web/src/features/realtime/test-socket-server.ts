import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  OPERATIONS_NAMESPACE,
  type TOperationsClientEvents,
  type TOperationsServerEvents,
} from '@forecourt/contracts';
import { type Namespace, Server, type Socket } from 'socket.io';

type ServerSocket = Socket<TOperationsClientEvents, TOperationsServerEvents>;

/**
 * For tests: a real socket.io server on 127.0.0.1 (random port) that speaks the contract
 * of `realtime.ts`: the token in `auth.token`, refusals with `data.code`, `subscribe` with an ack.
 */
export type TFakeServer = {
  url: string;
  io: Server;
  handshakes: string[];
  validTokens: Set<string>;
  /** Station ids the server refuses to subscribe. */
  hidden: Set<number>;
  forbidden: boolean;
  sockets: () => ServerSocket[];
  close: () => Promise<void>;
};

export async function startServer(): Promise<TFakeServer> {
  const http: HttpServer = createServer();
  const server = new Server(http, { path: '/socket.io/', serveClient: false });
  // Typed like the real namespace; `io` stays untyped so tests can send malformed events.
  const operations: Namespace<TOperationsClientEvents, TOperationsServerEvents> =
    server.of(OPERATIONS_NAMESPACE);
  const state = {
    handshakes: [] as string[],
    validTokens: new Set<string>(['token-1']),
    hidden: new Set<number>(),
    forbidden: false,
  };
  operations.use((socket, next) => {
    const token = String((socket.handshake.auth as { token?: unknown }).token ?? '');
    state.handshakes.push(token);
    const refuse = (code: string) => next(Object.assign(new Error(code), { data: { code } }));
    if (!state.validTokens.has(token)) return refuse('INVALID_TOKEN');
    if (state.forbidden) return refuse('FORBIDDEN');
    next();
  });
  operations.on('connection', (socket) => {
    socket.on('subscribe', (request, ack) => {
      const ids = request.stationIds === 'all' ? [] : request.stationIds;
      const allowed = ids.filter((id) => !state.hidden.has(id));
      void socket.join(allowed.map((id) => `station:${id}`));
      ack({ ok: true, stationIds: allowed, refused: ids.filter((id) => state.hidden.has(id)) });
    });
    socket.on('unsubscribe', (request, ack) => {
      const ids = request.stationIds === 'all' ? [] : request.stationIds;
      for (const id of ids) void socket.leave(`station:${id}`);
      ack({ ok: true, stationIds: ids, refused: [] });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    ...state,
    get forbidden() {
      return state.forbidden;
    },
    set forbidden(value: boolean) {
      state.forbidden = value;
    },
    url: `http://127.0.0.1:${port}${OPERATIONS_NAMESPACE}`,
    io: server,
    sockets: () => [...operations.sockets.values()],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
