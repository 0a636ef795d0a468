import type { WidgetApi } from '../api';
import type { Container } from '../observable';
import type { SocketLike } from '../realtime';
import type { InboxStore } from '../types';
import type { InboxClientOptions } from './options';
import { type ErrorScope, errorInfo, type InboxState } from './state';

/** One session: aborted (requests cancelled, socket closed) when the session ends. */
export type LiveSession = { generation: number; abort: AbortController; socket: SocketLike | null };

/**
 * What every part of the client shares: the observable state, the HTTP API, the options, the
 * configured stores and the running session. A part's answer is applied only while the session
 * that asked for it is still the live one.
 */
export class ClientContext {
  readonly api: WidgetApi;
  readonly container: Container<InboxState>;
  readonly options: InboxClientOptions;
  readonly logger: Pick<Console, 'error' | 'warn'>;
  stores: InboxStore[];
  live: LiveSession | null = null;

  constructor(init: {
    api: WidgetApi;
    container: Container<InboxState>;
    options: InboxClientOptions;
    logger: Pick<Console, 'error' | 'warn'>;
    stores: InboxStore[];
  }) {
    this.api = init.api;
    this.container = init.container;
    this.options = init.options;
    this.logger = init.logger;
    this.stores = init.stores;
  }

  get state(): InboxState {
    return this.container.getSnapshot();
  }

  set(change: (state: InboxState) => Partial<InboxState>): void {
    this.container.update((state) => ({ ...state, ...change(state) }));
  }

  fail(scope: ErrorScope, error: unknown): void {
    this.set(() => ({ error: errorInfo(scope, error) }));
  }

  isLive(live: LiveSession): boolean {
    return this.live === live && !live.abort.signal.aborted;
  }

  /** The running session, or null (no session yet, or it failed). */
  readySession(): LiveSession | null {
    const live = this.live;
    return live && this.state.session.status === 'ready' ? live : null;
  }
}
