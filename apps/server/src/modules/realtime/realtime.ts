import {
  OPERATIONS_NAMESPACE,
  type TOperationsClientEvents,
  type TOperationsEventName,
  type TOperationsEvents,
  type TOperationsServerEvents,
  type TRealtimeRefusal,
  type TSubscribeAck,
  ZSubscribeRequest,
} from '@forecourt/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type BroadcastOperator, type Namespace, Server, type Socket } from 'socket.io';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/auth-context';
import type { ClusterAdapter } from './cluster-adapter';
import type { OperationsEvent, OperationsPublisher } from './publisher';
import { currentStations, identifySocket, type SocketIdentity } from './socket-auth';
import { stationsOfOrganization } from './stations.repository';

/**
 * The one socket.io server of the process, on the Fastify HTTP server at `/socket.io/`. The
 * default namespace `/` is reserved for the notification inbox; live operations use
 * `/operations`:
 *
 * - handshake: `auth.token` is the user's access token, checked like a bearer token (the socket is
 *   refused with `connect_error` data `{code}` otherwise) and needing `stations:r`;
 * - rooms: every socket joins `org:<organisationId>`; `subscribe` joins `station:<id>` for each
 *   station the user sees (refusing the others), or with `'all'` the organisation-wide
 *   `org:<id>:stations` room when the user sees every station;
 * - events: each goes to its station's room and the organisation-wide room, so a socket gets it
 *   once and only for stations it may see;
 * - every {@link REVALIDATE_MS} the sockets' users are checked again (sign-out, disabled account,
 *   lost membership → disconnected; fewer stations → their rooms left).
 */
export const REVALIDATE_MS = 10_000;

type SocketData = SocketIdentity & { subscribedAll: boolean };
type OperationsSocket = Socket<TOperationsClientEvents, TOperationsServerEvents, never, SocketData>;
type OperationsNamespace = Namespace<TOperationsClientEvents, TOperationsServerEvents, never, SocketData>;

const orgRoom = (organizationId: number) => `org:${organizationId}`;
const allStationsRoom = (organizationId: number) => `org:${organizationId}:stations`;
const stationRoom = (stationId: number) => `station:${stationId}`;
const stationOfRoom = (room: string) => (room.startsWith('station:') ? Number(room.slice(8)) : null);

export type RealtimeHub = OperationsPublisher & {
  io: Server;
  operations: OperationsNamespace;
  /** Calls `listener` with every published event (in-process consumers, tests). Returns the remover. */
  onEvent(listener: (event: OperationsEvent) => void): () => void;
  /** Checks every connected socket's user again (runs on a timer; tests call it directly). */
  revalidate(): Promise<void>;
  /** True when broadcasts cross processes (REDIS_URL): in-process consumers must emit locally. */
  clustered: boolean;
  /** Closes every connection (clients reconnect) and stops the engine; the HTTP server is Fastify's to close. */
  close(): void;
};

export type RealtimeDeps = {
  db: Db;
  auth: AuthContext;
  log: FastifyBaseLogger;
  /** With REDIS_URL: broadcasts reach the sockets of every process (cluster-adapter.ts). */
  cluster?: ClusterAdapter | undefined;
  /** False on a process without the realtime role: it still broadcasts (through Redis) but takes no sockets. */
  acceptConnections?: boolean;
};

function refusal(error: unknown): Error & { data: TRealtimeRefusal } {
  const known = error instanceof AppError;
  const code = known && error.code !== 'INTERNAL' ? error.code : 'INTERNAL';
  const data: TRealtimeRefusal = {
    code: code === 'UNAUTHENTICATED' || code === 'INVALID_TOKEN' || code === 'FORBIDDEN' ? code : 'INTERNAL',
  };
  const refused = new Error(known ? error.message : 'Something went wrong on our side') as Error & {
    data: TRealtimeRefusal;
  };
  refused.data = data;
  return refused;
}

/** Creates the socket.io server on `app.server` (before listening) and the operations namespace. */
export function createRealtime(app: FastifyInstance, deps: RealtimeDeps): RealtimeHub {
  const io = new Server(app.server, {
    path: '/socket.io/',
    serveClient: false,
    // Clients only send small subscribe messages.
    maxHttpBufferSize: 16 * 1024,
    connectTimeout: 10_000,
    ...(deps.cluster ? { adapter: deps.cluster.adapter } : {}),
    ...(deps.acceptConnections === false
      ? { allowRequest: (_request, callback) => callback('this process serves no sockets', false) }
      : {}),
  });
  const operations: OperationsNamespace = io.of(OPERATIONS_NAMESPACE);
  const listeners = new Set<(event: OperationsEvent) => void>();

  operations.use((socket, next) => {
    identifySocket(deps.auth, (socket.handshake.auth as { token?: unknown } | undefined)?.token).then(
      (identity) => {
        socket.data = { ...identity, subscribedAll: false };
        next();
      },
      (error: unknown) => {
        if (!(error instanceof AppError)) deps.log.error({ err: error }, 'socket handshake failed');
        next(refusal(error));
      },
    );
  });

  operations.on('connection', (socket: OperationsSocket) => {
    void socket.join(orgRoom(socket.data.organizationId));
    socket.on('subscribe', (request, ack) => {
      if (typeof ack !== 'function') return;
      subscribe(deps.db, socket, request).then(ack, (error: unknown) => {
        deps.log.error({ err: error }, 'socket subscribe failed');
        ack({ ok: false, code: 'INTERNAL', message: 'Something went wrong on our side' });
      });
    });
    socket.on('unsubscribe', (request, ack) => {
      const answer = unsubscribe(socket, request);
      if (typeof ack === 'function') ack(answer);
    });
  });

  let revalidating: Promise<void> | null = null;
  const revalidate = () => {
    revalidating ??= revalidateSockets(deps, operations).finally(() => {
      revalidating = null;
    });
    return revalidating;
  };
  const timer = setInterval(() => {
    revalidate().catch((error: unknown) => deps.log.error({ err: error }, 'socket revalidation failed'));
  }, REVALIDATE_MS);
  timer.unref();

  return {
    io,
    operations,
    publish(event) {
      emitEvent(operations.to([stationRoom(event.stationId), allStationsRoom(event.organizationId)]), event);
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          deps.log.error({ err: error }, 'realtime listener failed');
        }
      }
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    revalidate,
    clustered: deps.cluster !== undefined,
    close() {
      clearInterval(timer);
      // Closing the engine drops every connection as a transport close, which clients answer by
      // reconnecting with back-off (to this process once restarted, or another). A socket.io-level
      // disconnect (`disconnectSockets`) would tell them the server sent them away for good.
      io.engine.close();
    },
  };
}

type OperationsTarget = BroadcastOperator<TOperationsServerEvents, SocketData>;

/** One emit per event, each checked against its contract's payload. */
const emitters: {
  [K in TOperationsEventName]: (target: OperationsTarget, payload: TOperationsEvents[K]) => void;
} = {
  'transactions.created': (target, payload) => target.emit('transactions.created', payload),
  'payments.created': (target, payload) => target.emit('payments.created', payload),
  'sightings.created': (target, payload) => target.emit('sightings.created', payload),
  'nozzle.state': (target, payload) => target.emit('nozzle.state', payload),
  'dispenser.state': (target, payload) => target.emit('dispenser.state', payload),
  'congestion.sampled': (target, payload) => target.emit('congestion.sampled', payload),
  'sales.updated': (target, payload) => target.emit('sales.updated', payload),
};

/** Sends one event to `target` with the payload its contract gives it. */
function emitEvent<K extends TOperationsEventName>(
  target: OperationsTarget,
  event: OperationsEvent<K>,
): void {
  const { name, payload }: { name: K; payload: TOperationsEvents[K] } = event;
  emitters[name](target, payload);
}

/** Joins the rooms of the stations asked for that the user sees; acknowledges what was joined. */
async function subscribe(db: Db, socket: OperationsSocket, raw: unknown): Promise<TSubscribeAck> {
  const parsed = ZSubscribeRequest.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, code: 'VALIDATION_FAILED', message: 'Send {stationIds: number[] | "all"}' };
  }
  const { organizationId, stationIds: visible } = socket.data;
  const asked = parsed.data.stationIds;
  if (asked === 'all') {
    socket.data.subscribedAll = true;
    if (visible === 'all') {
      await socket.join(allStationsRoom(organizationId));
      return { ok: true, stationIds: 'all', refused: [] };
    }
    await socket.join(visible.map(stationRoom));
    return { ok: true, stationIds: [...visible], refused: [] };
  }
  const unique = [...new Set(asked)];
  const allowed =
    visible === 'all'
      ? await stationsOfOrganization(db, organizationId, unique)
      : unique.filter((id) => visible.includes(id));
  const accepted = new Set(allowed);
  if (allowed.length > 0) await socket.join(allowed.map(stationRoom));
  return { ok: true, stationIds: allowed, refused: unique.filter((id) => !accepted.has(id)) };
}

function unsubscribe(socket: OperationsSocket, raw: unknown): TSubscribeAck {
  const parsed = ZSubscribeRequest.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, code: 'VALIDATION_FAILED', message: 'Send {stationIds: number[] | "all"}' };
  }
  const asked = parsed.data.stationIds;
  if (asked === 'all') {
    socket.data.subscribedAll = false;
    void socket.leave(allStationsRoom(socket.data.organizationId));
    for (const room of [...socket.rooms]) if (stationOfRoom(room) !== null) void socket.leave(room);
    return { ok: true, stationIds: [], refused: [] };
  }
  for (const id of asked) void socket.leave(stationRoom(id));
  return { ok: true, stationIds: asked, refused: [] };
}

/** Applies sign-outs, disabled accounts and membership or station changes to open sockets. */
async function revalidateSockets(deps: RealtimeDeps, operations: OperationsNamespace): Promise<void> {
  for (const socket of [...operations.sockets.values()]) {
    const identity = socket.data;
    const stations = currentStations(identity, await deps.auth.users.get(identity.userId));
    if (stations === null) {
      socket.disconnect(true);
      continue;
    }
    if (stations === identity.stationIds) continue;
    socket.data.stationIds = stations;
    if (stations === 'all') {
      if (identity.subscribedAll) await socket.join(allStationsRoom(identity.organizationId));
      continue;
    }
    await socket.leave(allStationsRoom(identity.organizationId));
    const keep = new Set(stations);
    for (const room of [...socket.rooms]) {
      const stationId = stationOfRoom(room);
      if (stationId !== null && !keep.has(stationId)) await socket.leave(room);
    }
    if (identity.subscribedAll) await socket.join(stations.map(stationRoom));
  }
}

/**
 * Registers the hub's shutdown (sockets closed before Fastify closes the HTTP server) and, with a
 * cluster adapter, its Redis connections (ready before listening, closed last).
 */
export function registerRealtimeShutdown(
  app: FastifyInstance,
  hub: RealtimeHub,
  cluster?: ClusterAdapter | undefined,
): void {
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
  if (cluster) {
    app.addHook('onReady', () => cluster.ready());
    app.addHook('onClose', () => cluster.close());
  }
}
