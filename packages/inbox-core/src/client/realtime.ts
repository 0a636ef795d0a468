import { COUNT_DEBOUNCE_MS, RECONNECT_DEFAULTS, SOCKET_EVENTS, TEST_RUNNER_DEBOUNCE_MS } from '../constants';
import { underTestRunner } from '../env';
import { parseCountEvent, parseMessage, parseSeverityCounts } from '../parse';
import { connectSocket, type ReconnectOptions, type SocketFactory } from '../realtime';
import type { InboxMessage } from '../types';
import type { ClientContext, LiveSession } from './context';
import type { Counts } from './counts';
import type { RefreshScheduler } from './refresh';

/**
 * The session's socket: connection status, new messages for the listeners, and count events that
 * replace the cached counts at once and schedule a (debounced) refresh of what shows them. After a
 * reconnect everything is read again, since events sent while away are lost. The payloads are
 * checked before use: the wire may carry anything.
 */
export class Realtime {
  readonly #ctx: ClientContext;
  readonly #counts: Counts;
  readonly #refresh: RefreshScheduler;
  readonly #factory: SocketFactory | null;
  readonly #reconnect: ReconnectOptions;
  readonly #receivedListeners = new Set<(message: InboxMessage) => void>();

  constructor(ctx: ClientContext, parts: { counts: Counts; refresh: RefreshScheduler }) {
    this.#ctx = ctx;
    this.#counts = parts.counts;
    this.#refresh = parts.refresh;
    const options = ctx.options;
    this.#factory = options.socketFactory === undefined ? connectSocket : options.socketFactory;
    this.#reconnect = { ...RECONNECT_DEFAULTS, ...options.reconnect };
  }

  /** Calls `listener` with every message that arrives over the socket. Returns the remover. */
  onReceived(listener: (message: InboxMessage) => void): () => void {
    this.#receivedListeners.add(listener);
    return () => {
      this.#receivedListeners.delete(listener);
    };
  }

  connect(live: LiveSession, token: string): void {
    if (!this.#factory) return;
    const ctx = this.#ctx;
    ctx.set(() => ({ connection: 'connecting' }));
    const url = ctx.options.socketUrl ?? ctx.options.backendUrl;
    const socket = this.#factory(url, token, this.#reconnect);
    live.socket = socket;
    const current = () => ctx.isLive(live);
    let connectedBefore = false;
    socket.on('connect', () => {
      if (!current()) return;
      ctx.set(() => ({ connection: 'connected' }));
      // Events sent while we were away are lost: read the counts and the first page again.
      if (connectedBefore) this.#refresh.resync();
      connectedBefore = true;
    });
    socket.on('disconnect', (reason) => {
      if (!current()) return;
      // After a server-side (or our own) disconnect socket.io does not reconnect.
      const final = reason === 'io server disconnect' || reason === 'io client disconnect';
      ctx.set(() => ({ connection: final ? 'disconnected' : 'reconnecting' }));
    });
    socket.on('connect_error', (error) => {
      if (!current()) return;
      ctx.logger.warn('Inbox socket connect error:', error?.message ?? error);
      ctx.set(() => ({ connection: 'reconnecting' }));
    });
    socket.on(SOCKET_EVENTS.received, (data) => {
      if (!current()) return;
      let message: InboxMessage;
      try {
        message = parseMessage(data?.message);
      } catch {
        return;
      }
      for (const listener of [...this.#receivedListeners]) {
        try {
          listener(message);
        } catch (error) {
          ctx.logger.error('Inbox notification listener failed', error);
        }
      }
      this.#refresh.schedule(['feed']);
    });
    socket.on(SOCKET_EVENTS.unseen, (data) => {
      if (!current()) return;
      const count = parseCountEvent(data, 'unseenCount');
      if (!count) return;
      this.#counts.set('unseen', count.count, count.hasMore);
      this.#refresh.schedule(['feed', 'storeCounts']);
    });
    socket.on(SOCKET_EVENTS.unread, (data) => {
      if (!current()) return;
      const count = parseCountEvent(data, 'unreadCount');
      if (!count) return;
      this.#counts.set('unread', count.count, count.hasMore);
      // Newer servers send the counts per severity with the event.
      const severity = parseSeverityCounts(data?.counts?.severity);
      if (severity) this.#counts.setSeverity(severity);
      this.#refresh.schedule(['feed', 'storeCounts', 'unseen', ...(severity ? [] : ['severity' as const])]);
    });
  }
}

/** The debounce of count events: the option, else 100 ms (1000 ms under a test runner). */
export const countDebounceMs = (option: number | undefined): number =>
  option ?? (underTestRunner() ? TEST_RUNNER_DEBOUNCE_MS : COUNT_DEBOUNCE_MS);
