import {
  OPERATIONS_EVENTS,
  OPERATIONS_NAMESPACE,
  type TOperationsClientEvents,
  type TOperationsEventName,
  type TOperationsEvents,
  type TOperationsServerEvents,
  ZRealtimeRefusal,
  ZSubscribeAck,
} from '@forecourt/contracts';
// Types only: the socket.io client itself is loaded on demand (see realtime-connection.tsx), so it
// stays out of the entry chunk.
import type { io as ioFunction, ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

/**
 * The dashboard's one connection to the live operations feed (namespace `/operations`, contracts
 * `realtime.ts`). Screens `watch` a station; the client keeps the station rooms subscribed across
 * reconnects, validates every event against its contract schema and hands it to the watchers.
 *
 * Reconnection: socket.io retries lost connections itself, from 1 s doubling to 5 s with
 * a jitter of 0.5. A handshake the server refuses is not retried by socket.io: an expired or
 * rejected token is renewed first (the same shared renewal the HTTP client uses) and the
 * handshake, which reads the token afresh each time, is tried again on the same back-off. A
 * `FORBIDDEN` refusal (no `stations:r`) stops; so does a session that cannot be renewed.
 */

export type TOperationsSocket = Socket<TOperationsServerEvents, TOperationsClientEvents>;
export type TIo = typeof ioFunction;

/** One validated event: its name and payload. */
export type TOperationsEvent = {
  [K in TOperationsEventName]: { name: K; payload: TOperationsEvents[K] };
}[TOperationsEventName];
export type TOperationsListener = (event: TOperationsEvent) => void;

/** Request timeout 20 s; reconnect back-off 1 s → 5 s, jitter 0.5. */
export const REQUEST_TIMEOUT_MS = 20_000;
export const SOCKET_OPTIONS = {
  path: '/socket.io/',
  transports: ['websocket'],
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: REQUEST_TIMEOUT_MS,
} as const satisfies Partial<ManagerOptions & SocketOptions>;

/** How long a station stays subscribed after its last watcher leaves (navigating between its pages). */
export const UNSUBSCRIBE_GRACE_MS = 1000;

/** The same back-off for refused handshakes: 1 s doubling to 5 s, ±50 %. */
export function refusalDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(SOCKET_OPTIONS.reconnectionDelay * 2 ** attempt, SOCKET_OPTIONS.reconnectionDelayMax);
  const jittered = base * (1 + (random() * 2 - 1) * SOCKET_OPTIONS.randomizationFactor);
  return Math.round(Math.min(jittered, SOCKET_OPTIONS.reconnectionDelayMax));
}

export type TConnectionStatus =
  /** Not started (no signed-in shell, or the client code is still loading). */
  | 'idle'
  /** First handshake under way. */
  | 'connecting'
  | 'live'
  /** Was live (or refused once) and is trying again. */
  | 'reconnecting'
  /** The server refused this user live data (`FORBIDDEN`). */
  | 'refused'
  /** Stopped: signed out, or the session could not be renewed. */
  | 'closed';

/** What a station page shows about its live feed. */
export type TStationLiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'unavailable' | 'offline';

/** What renewing the token gave: go on, try later, or stop (the session is over). */
export type TRenewOutcome = 'renewed' | 'unavailable' | 'ended';

export type TRealtimeStartOptions = {
  io: TIo;
  /** The namespace's URL; the same origin's `/operations` by default. */
  url?: string;
  /** The current access token, read at every handshake. */
  getToken: () => string | null;
  /** Renews the session after the server refused `staleToken`. */
  renew: (staleToken: string) => Promise<TRenewOutcome>;
  /** Extra socket.io options (tests: `forceNew`). */
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
};

type TStationEntry = {
  listeners: Set<TOperationsListener>;
  state: 'pending' | 'subscribed' | 'refused';
  leaveTimer: ReturnType<typeof setTimeout> | null;
};

const noop = () => undefined;

export class RealtimeClient {
  private socket: TOperationsSocket | null = null;
  private options: TRealtimeStartOptions | null = null;
  private status: TConnectionStatus = 'idle';
  private everConnected = false;
  private refusals = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private handshakeToken: string | null = null;
  /** The token a renewal last produced: if the server refuses that one too, it is not renewed again. */
  private renewedToken: string | null = null;
  private readonly stations = new Map<number, TStationEntry>();
  private readonly changeListeners = new Set<() => void>();

  /** Opens the connection (closing any previous one). */
  start(options: TRealtimeStartOptions): void {
    this.stop();
    this.options = options;
    this.everConnected = false;
    this.refusals = 0;
    this.renewedToken = null;
    this.open(options);
  }

  /** Closes the connection; watched stations stay registered for the next start. */
  stop(): void {
    this.clearRetry();
    const socket = this.socket;
    this.socket = null;
    this.options = null;
    if (socket) {
      socket.removeAllListeners();
      socket.offAny();
      socket.disconnect();
    }
    for (const entry of this.stations.values()) entry.state = 'pending';
    if (socket) this.setStatus('closed');
  }

  /** The stored token changed (renewed, possibly in another tab): retry a refused handshake now. */
  tokenChanged(): void {
    const socket = this.socket;
    if (!socket || socket.connected || socket.active || this.status === 'refused') return;
    this.clearRetry();
    socket.connect();
  }

  /**
   * Receives the events of `stationId` until the returned function is called. The station's room is
   * joined now (or on connecting) and left a moment after its last watcher goes.
   */
  watch(stationId: number, listener: TOperationsListener): () => void {
    let entry = this.stations.get(stationId);
    if (!entry) {
      entry = { listeners: new Set(), state: 'pending', leaveTimer: null };
      this.stations.set(stationId, entry);
      this.requestSubscribe([stationId]);
    } else if (entry.leaveTimer) {
      clearTimeout(entry.leaveTimer);
      entry.leaveTimer = null;
    }
    entry.listeners.add(listener);
    this.emitChange();
    const watched = entry;
    return () => {
      watched.listeners.delete(listener);
      if (watched.listeners.size > 0 || watched.leaveTimer) return;
      watched.leaveTimer = setTimeout(() => {
        watched.leaveTimer = null;
        if (watched.listeners.size > 0 || this.stations.get(stationId) !== watched) return;
        this.stations.delete(stationId);
        if (this.socket?.connected) this.socket.emit('unsubscribe', { stationIds: [stationId] }, noop);
        this.emitChange();
      }, UNSUBSCRIBE_GRACE_MS);
    };
  }

  getStatus(): TConnectionStatus {
    return this.status;
  }

  getStationStatus(stationId: number): TStationLiveStatus {
    switch (this.status) {
      case 'idle':
        return 'idle';
      case 'connecting':
        return 'connecting';
      case 'reconnecting':
        return 'reconnecting';
      case 'refused':
        return 'unavailable';
      case 'closed':
        return 'offline';
      case 'live': {
        const state = this.stations.get(stationId)?.state;
        if (state === 'subscribed') return 'live';
        return state === 'refused' ? 'unavailable' : 'connecting';
      }
    }
  }

  /** Calls `listener` on every status change (the `subscribe` of `useSyncExternalStore`). */
  subscribe = (listener: () => void): (() => void) => {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  };

  // -------------------------------------------------------------------------------------------

  private open(options: TRealtimeStartOptions): void {
    const socket: TOperationsSocket = options.io(options.url ?? OPERATIONS_NAMESPACE, {
      ...SOCKET_OPTIONS,
      ...options.socketOptions,
      // A function, so every handshake (reconnections included) sends the token stored now.
      auth: (send) => {
        this.handshakeToken = options.getToken();
        send({ token: this.handshakeToken ?? '' });
      },
    });
    this.socket = socket;
    this.setStatus('connecting');

    socket.on('connect', () => {
      this.everConnected = true;
      this.refusals = 0;
      this.setStatus('live');
      this.requestSubscribe([...this.stations.keys()]);
    });
    socket.on('disconnect', (reason) => {
      if (socket !== this.socket) return;
      for (const entry of this.stations.values()) entry.state = 'pending';
      this.setStatus('reconnecting');
      // The server ended the socket (sign-out elsewhere, lost access): socket.io leaves it closed.
      // Try once more on the back-off; a refused handshake then says whether the session is over.
      if (reason === 'io server disconnect') this.retryLater();
    });
    socket.on('connect_error', (error) => {
      if (socket !== this.socket) return;
      if (socket.active) {
        // Could not reach the server: socket.io tries again on its own back-off.
        this.setStatus(this.everConnected ? 'reconnecting' : 'connecting');
        return;
      }
      void this.handleRefusal(socket, error);
    });
    socket.onAny((name: string, payload: unknown) => this.dispatch(name, payload));
  }

  private async handleRefusal(socket: TOperationsSocket, error: Error): Promise<void> {
    const refusal = ZRealtimeRefusal.safeParse((error as Error & { data?: unknown }).data);
    const code = refusal.success ? refusal.data.code : 'INTERNAL';
    if (code === 'FORBIDDEN') {
      this.setStatus('refused');
      return;
    }
    this.setStatus('reconnecting');
    const stale = this.handshakeToken;
    if ((code === 'UNAUTHENTICATED' || code === 'INVALID_TOKEN') && stale !== this.renewedToken) {
      const outcome: TRenewOutcome = stale && this.options ? await this.options.renew(stale) : 'ended';
      if (socket !== this.socket) return;
      if (outcome === 'ended') {
        this.stop();
        return;
      }
      if (outcome === 'renewed') this.renewedToken = this.options?.getToken() ?? null;
    }
    this.retryLater();
  }

  /** Tries the handshake again: at once after the first refusal, then on the back-off. */
  private retryLater(): void {
    const socket = this.socket;
    if (!socket) return;
    this.clearRetry();
    const delay = this.refusals === 0 ? 0 : refusalDelay(this.refusals - 1);
    this.refusals += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (socket === this.socket && !socket.connected) socket.connect();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private requestSubscribe(stationIds: number[]): void {
    const socket = this.socket;
    if (!socket?.connected || stationIds.length === 0) return;
    socket
      .timeout(REQUEST_TIMEOUT_MS)
      .emit('subscribe', { stationIds }, (error: Error | null, answer: unknown) => {
        if (socket !== this.socket || !socket.connected) return;
        const ack = ZSubscribeAck.safeParse(answer);
        if (error || !ack.success || !ack.data.ok) {
          // No answer in time or a refusal of the request itself: ask again later (still watched).
          setTimeout(() => {
            const pending = stationIds.filter((id) => this.stations.get(id)?.state === 'pending');
            this.requestSubscribe(pending);
          }, SOCKET_OPTIONS.reconnectionDelayMax);
          return;
        }
        const refused = new Set(ack.data.refused);
        const gone: number[] = [];
        for (const id of stationIds) {
          const entry = this.stations.get(id);
          if (!entry) gone.push(id);
          else entry.state = refused.has(id) ? 'refused' : 'subscribed';
        }
        // Stations left while the request was on its way: leave their rooms again.
        if (gone.length > 0) socket.emit('unsubscribe', { stationIds: gone }, noop);
        this.emitChange();
      });
  }

  private dispatch(name: string, payload: unknown): void {
    if (!Object.hasOwn(OPERATIONS_EVENTS, name)) return;
    const eventName = name as TOperationsEventName;
    const parsed = OPERATIONS_EVENTS[eventName].safeParse(payload);
    if (!parsed.success) {
      if (import.meta.env.DEV) console.warn(`Ignored a malformed ${name} event`, parsed.error.issues);
      return;
    }
    const entry = this.stations.get(parsed.data.stationId);
    if (!entry) return;
    const event = { name: eventName, payload: parsed.data } as TOperationsEvent;
    for (const listener of [...entry.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('A realtime listener failed', error);
      }
    }
  }

  private setStatus(status: TConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.emitChange();
  }

  private emitChange(): void {
    for (const listener of [...this.changeListeners]) listener();
  }
}

/** The app's connection; started by the signed-in shell (realtime-connection.tsx). */
export const realtime = new RealtimeClient();
