import { WidgetApi } from './api';
import {
  BROWSER_EVENT_PREFIX,
  COUNT_DEBOUNCE_MS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_STORE_ID,
  RECONNECT_DEFAULTS,
  RETRY_DEFAULTS,
  SOCKET_EVENTS,
  TEST_RUNNER_DEBOUNCE_MS,
  TOKEN_STORAGE_KEY,
} from './constants';
import { type Debounced, debounce } from './debounce';
import {
  browserEventTarget,
  browserStorage,
  type EventTargetLike,
  type StorageLike,
  storageRemove,
  storageSet,
  underTestRunner,
} from './env';
import { InboxHttpError, isAbort } from './errors';
import {
  applyMark,
  countDelta,
  fetchedToRead,
  fetchedToSee,
  MARK_ALL_READ,
  MARK_ALL_SEEN,
  READ,
  SEEN,
  UNREAD,
} from './flags';
import { type FetchLike, HttpClient } from './http';
import { createContainer, type Observable } from './observable';
import { parseCountEvent, parseMessage } from './parse';
import { connectSocket, type ReconnectOptions, type SocketFactory, type SocketLike } from './realtime';
import type { RetryOptions } from './retry';
import type {
  ActionButtonType,
  ActionStatus,
  ChannelSwitches,
  FeedPage,
  GlobalPreference,
  InboxMessage,
  InboxStore,
  Mark,
  Organization,
  SessionProfile,
  StoreQuery,
  WorkflowPreference,
} from './types';

// ─── state ──────────────────────────────────────────────────────────────────────────────────────

export type SessionStatus = 'idle' | 'initializing' | 'ready' | 'error';
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
export type ErrorScope =
  | 'session'
  | 'organization'
  | 'feed'
  | 'counts'
  | 'mutation'
  | 'preferences'
  | 'socket';

export type InboxErrorInfo = { scope: ErrorScope; message: string; status?: number };

export type FeedState = {
  /** The store these pages belong to. */
  storeId: string;
  status: LoadStatus;
  /** Loaded pages in order (page 0 first), with pending optimistic changes applied. */
  pages: readonly FeedPage[];
  /** All loaded messages, newest first, each once. */
  messages: readonly InboxMessage[];
  hasMore: boolean;
  fetchingNextPage: boolean;
  /** A background refetch (count event, reconnect, after a mutation) is running. */
  refreshing: boolean;
};

export type CountsState = {
  /** Null until fetched. Capped at 100 by the server (`hasMore` tells when there are more). */
  unseen: number | null;
  unread: number | null;
  unseenHasMore: boolean;
  unreadHasMore: boolean;
  /** Per store: its unseen badge (`GET /notifications/count`). */
  stores: Readonly<Record<string, number>>;
};

export type PreferencesState = {
  status: LoadStatus;
  workflows: readonly WorkflowPreference[];
  global: GlobalPreference | null;
};

export type InboxState = {
  session: { status: SessionStatus; subscriberId: string | null; profile: SessionProfile | null };
  connection: ConnectionStatus;
  organization: Organization | null;
  stores: readonly InboxStore[];
  activeStoreId: string;
  feed: FeedState;
  counts: CountsState;
  preferences: PreferencesState;
  /** The latest failure, or null. */
  error: InboxErrorInfo | null;
};

// ─── options ────────────────────────────────────────────────────────────────────────────────────

export type InboxIdentity = {
  applicationIdentifier?: string | null;
  subscriberId?: string | null;
  /** HMAC-SHA256 (hex) of the subscriber id; sent as `hmacHash`. */
  subscriberHash?: string | null;
};

export type InitialFetch = {
  organization: boolean;
  unseenCount: boolean;
  unreadCount: boolean;
  /** Page 0 of the active store (otherwise fetched when the UI calls {@link InboxClient.fetchFeed}). */
  notifications: boolean;
  /** The per-store badges. */
  storeCounts: boolean;
  preferences: boolean;
  globalPreference: boolean;
};

export type InboxClientOptions = InboxIdentity & {
  /** Base URL of the server; `/v1/widgets` is appended. */
  backendUrl: string;
  /** socket.io server (default: `backendUrl`). */
  socketUrl?: string;
  /** Named queries; the first is active at start. Default `[{storeId: 'default_store'}]`. */
  stores?: InboxStore[];
  /** Feed page size when a store's query sets none (server default 10). */
  pageSize?: number;
  initialFetch?: Partial<InitialFetch>;
  /** Debounce of realtime count events: 100 ms, or 1000 ms under a test runner. */
  countDebounceMs?: number;
  retry?: Partial<RetryOptions>;
  reconnect?: Partial<ReconnectOptions>;
  /** Where the token is kept; default the page's localStorage (none outside browsers). */
  storage?: StorageLike | null;
  /** Where the count DOM events go; default `document` in browsers, none elsewhere. */
  eventTarget?: EventTargetLike | null;
  /** Prefix of the count DOM events; default `forecourt:`. */
  eventPrefix?: string;
  fetch?: FetchLike;
  /** The socket; null turns realtime off. */
  socketFactory?: SocketFactory | null;
  logger?: Pick<Console, 'error' | 'warn'>;
};

const INITIAL_FETCH: InitialFetch = {
  organization: true,
  unseenCount: true,
  unreadCount: true,
  notifications: false,
  storeCounts: false,
  preferences: false,
  globalPreference: false,
};

type RefreshPart = 'feed' | 'unseen' | 'unread' | 'storeCounts';

/** An optimistic change: applied over the server's pages until its request settles. */
type PendingOp = { apply(message: InboxMessage): InboxMessage | null };

type CountChange = { unseen?: number | 'zero'; unread?: number | 'zero' };

type LiveSession = { generation: number; abort: AbortController; socket: SocketLike | null };

const emptyFeed = (storeId: string): FeedState => ({
  storeId,
  status: 'idle',
  pages: [],
  messages: [],
  hasMore: false,
  fetchingNextPage: false,
  refreshing: false,
});

const emptyCounts = (): CountsState => ({
  unseen: null,
  unread: null,
  unseenHasMore: false,
  unreadHasMore: false,
  stores: {},
});

function initialState(stores: readonly InboxStore[]): InboxState {
  const activeStoreId = stores[0]?.storeId ?? DEFAULT_STORE_ID;
  return {
    session: { status: 'idle', subscriberId: null, profile: null },
    connection: 'idle',
    organization: null,
    stores,
    activeStoreId,
    feed: emptyFeed(activeStoreId),
    counts: emptyCounts(),
    preferences: { status: 'idle', workflows: [], global: null },
    error: null,
  };
}

function errorInfo(scope: ErrorScope, error: unknown): InboxErrorInfo {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof InboxHttpError ? { scope, message, status: error.status } : { scope, message };
}

const sameIdentity = (a: InboxIdentity, b: InboxIdentity) =>
  (a.applicationIdentifier ?? '') === (b.applicationIdentifier ?? '') &&
  (a.subscriberId ?? '') === (b.subscriberId ?? '') &&
  (a.subscriberHash ?? '') === (b.subscriberHash ?? '');

/** Pages with the pending changes applied; removed messages dropped. */
function applyOps(pages: readonly FeedPage[], ops: readonly PendingOp[]): FeedPage[] {
  if (ops.length === 0) return pages as FeedPage[];
  return pages.map((page) => {
    const data: InboxMessage[] = [];
    for (const original of page.data) {
      let message: InboxMessage | null = original;
      for (const op of ops) {
        if (message === null) break;
        message = op.apply(message);
      }
      if (message !== null) data.push(message);
    }
    return { ...page, data };
  });
}

function flatten(pages: readonly FeedPage[]): InboxMessage[] {
  const seen = new Set<string>();
  const messages: InboxMessage[] = [];
  for (const page of pages) {
    for (const message of page.data) {
      if (seen.has(message._id)) continue;
      seen.add(message._id);
      messages.push(message);
    }
  }
  return messages;
}

const ids = (messageId: string | readonly string[]): Set<string> =>
  new Set(typeof messageId === 'string' ? [messageId] : messageId);

// ─── client ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The inbox of one subscriber, without any UI: session, feed pages per store, counts, flags,
 * preferences and the realtime socket, in one observable state (`subscribe` / `getSnapshot`).
 *
 * Nothing happens at construction (safe during server-side rendering). {@link start} (or
 * {@link configure}) begins a session once both the application identifier and the subscriber id
 * are known; changing either, or the hash, tears the old session down first — its token, socket,
 * pages and counts — so the next subscriber never sees the previous one's inbox.
 */
export class InboxClient implements Observable<InboxState> {
  readonly api: WidgetApi;
  readonly #container;
  readonly #options: InboxClientOptions;
  readonly #initialFetch: InitialFetch;
  readonly #reconnect: ReconnectOptions;
  readonly #debounceMs: number;
  readonly #socketFactory: SocketFactory | null;
  readonly #logger: Pick<Console, 'error' | 'warn'>;
  #identity: InboxIdentity;
  #stores: InboxStore[];
  #started = false;
  #generation = 0;
  #live: LiveSession | null = null;
  #starting: Promise<void> = Promise.resolve();
  /** Pages as the server last sent them. */
  #basePages: FeedPage[] = [];
  #ops: PendingOp[] = [];
  #feedSeq = 0;
  /** The newest page-0 read or refetch, so a superseded read resolves when the newer one does. */
  #feedLoad: { seq: number; done: Promise<void> } | null = null;
  /**
   * Bumped when a flag change is confirmed: a page read that started before it may show the old
   * flags, so it is not swapped in (the refresh the change schedules reads the pages again).
   */
  #commitSeq = 0;
  /** The UI asked for the feed / store badges: keep them fresh (events, reconnect, new session). */
  #feedWanted = false;
  #storeCountsWanted = false;
  #refreshParts = new Set<RefreshPart>();
  #refresh: Debounced;
  #receivedListeners = new Set<(message: InboxMessage) => void>();

  constructor(options: InboxClientOptions) {
    this.#options = options;
    this.#identity = {
      applicationIdentifier: options.applicationIdentifier ?? null,
      subscriberId: options.subscriberId ?? null,
      subscriberHash: options.subscriberHash ?? null,
    };
    this.#stores = options.stores?.length ? [...options.stores] : [{ storeId: DEFAULT_STORE_ID }];
    this.#initialFetch = { ...INITIAL_FETCH, ...options.initialFetch };
    this.#reconnect = { ...RECONNECT_DEFAULTS, ...options.reconnect };
    this.#debounceMs =
      options.countDebounceMs ?? (underTestRunner() ? TEST_RUNNER_DEBOUNCE_MS : COUNT_DEBOUNCE_MS);
    this.#socketFactory = options.socketFactory === undefined ? connectSocket : options.socketFactory;
    this.#logger = options.logger ?? console;
    this.api = new WidgetApi(
      new HttpClient({
        backendUrl: options.backendUrl,
        retry: { ...RETRY_DEFAULTS, ...options.retry },
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    );
    this.#container = createContainer(initialState(this.#stores));
    this.#refresh = debounce(() => this.#flushRefresh(), this.#debounceMs);
  }

  // ─── observable ───────────────────────────────────────────────────────────────────────────

  readonly getSnapshot = (): InboxState => this.#container.getSnapshot();
  readonly subscribe = (listener: () => void): (() => void) => this.#container.subscribe(listener);

  /** Resolves when the current session start (and its initial fetches) has settled. */
  get ready(): Promise<void> {
    return this.#starting;
  }

  /** The debounce of realtime count events, in ms. */
  get countDebounceMs(): number {
    return this.#debounceMs;
  }

  /** Calls `listener` with every message that arrives over the socket. Returns the remover. */
  onNotificationReceived(listener: (message: InboxMessage) => void): () => void {
    this.#receivedListeners.add(listener);
    return () => {
      this.#receivedListeners.delete(listener);
    };
  }

  // ─── session ──────────────────────────────────────────────────────────────────────────────

  /** Starts (or restarts) the session with the identity given at construction. */
  start(): Promise<void> {
    return this.#begin();
  }

  /**
   * Sets the identity. An unchanged identity keeps the running session; a changed one resets
   * everything and starts again when both ids are present.
   */
  configure(identity: InboxIdentity): Promise<void> {
    if (this.#started && sameIdentity(identity, this.#identity)) return this.#starting;
    this.#identity = {
      applicationIdentifier: identity.applicationIdentifier ?? null,
      subscriberId: identity.subscriberId ?? null,
      subscriberHash: identity.subscriberHash ?? null,
    };
    return this.#begin();
  }

  /** Ends the session: the stored token is removed, the socket closed and the state cleared. */
  destroy(): void {
    this.#started = false;
    this.#teardown();
    this.#starting = Promise.resolve();
  }

  get #storage(): StorageLike | null {
    return this.#options.storage === undefined ? browserStorage() : this.#options.storage;
  }

  #begin(): Promise<void> {
    this.#started = true;
    this.#teardown();
    const { applicationIdentifier, subscriberId } = this.#identity;
    if (!applicationIdentifier || !subscriberId) {
      this.#starting = Promise.resolve();
      return this.#starting;
    }
    const live: LiveSession = { generation: this.#generation, abort: new AbortController(), socket: null };
    this.#live = live;
    this.#starting = this.#start(live, applicationIdentifier, subscriberId);
    return this.#starting;
  }

  #teardown(): void {
    this.#generation += 1;
    const live = this.#live;
    this.#live = null;
    if (live) {
      live.abort.abort();
      live.socket?.disconnect();
    }
    this.#refresh.cancel();
    this.#refreshParts.clear();
    this.#basePages = [];
    this.#ops = [];
    this.#feedSeq += 1;
    this.api.http.setToken(null);
    storageRemove(this.#storage, TOKEN_STORAGE_KEY);
    this.#container.set(initialState(this.#stores));
  }

  #isLive(live: LiveSession): boolean {
    return this.#live === live && !live.abort.signal.aborted;
  }

  #set(change: (state: InboxState) => Partial<InboxState>): void {
    this.#container.update((state) => ({ ...state, ...change(state) }));
  }

  #fail(scope: ErrorScope, error: unknown): void {
    this.#set(() => ({ error: errorInfo(scope, error) }));
  }

  /** Clears {@link InboxState.error}. */
  clearError(): void {
    this.#set(() => ({ error: null }));
  }

  async #start(live: LiveSession, applicationIdentifier: string, subscriberId: string): Promise<void> {
    this.#set((state) => ({ session: { ...state.session, status: 'initializing', subscriberId } }));
    let token: string;
    try {
      const session = await this.api.initializeSession(
        { applicationIdentifier, subscriberId, subscriberHash: this.#identity.subscriberHash ?? null },
        { signal: live.abort.signal },
      );
      if (!this.#isLive(live)) return;
      if (!session.token) {
        storageRemove(this.#storage, TOKEN_STORAGE_KEY);
        this.api.http.setToken(null);
        throw new Error('The session answer has no token');
      }
      token = session.token;
      storageSet(this.#storage, TOKEN_STORAGE_KEY, token);
      this.api.http.setToken(token);
      this.#set(() => ({ session: { status: 'ready', subscriberId, profile: session.profile } }));
    } catch (error) {
      if (!this.#isLive(live) || isAbort(error)) return;
      this.#logger.error('Failed to initialize the session', error);
      this.#set((state) => ({
        session: { ...state.session, status: 'error' },
        error: errorInfo('session', error),
      }));
      return;
    }
    this.#connect(live, token);
    const fetches: Promise<unknown>[] = [];
    const want = this.#initialFetch;
    if (want.organization) fetches.push(this.fetchOrganization());
    if (want.unseenCount) fetches.push(this.fetchUnseenCount());
    if (want.unreadCount) fetches.push(this.fetchUnreadCount());
    if (want.notifications || this.#feedWanted) fetches.push(this.fetchFeed());
    if (want.storeCounts || this.#storeCountsWanted) fetches.push(this.fetchStoreCounts());
    if (want.preferences) fetches.push(this.fetchPreferences());
    if (want.globalPreference) fetches.push(this.fetchGlobalPreference());
    await Promise.all(fetches);
  }

  /** The running session, or null (no session yet, or it failed). */
  #readySession(): LiveSession | null {
    const live = this.#live;
    return live && this.getSnapshot().session.status === 'ready' ? live : null;
  }

  // ─── realtime ─────────────────────────────────────────────────────────────────────────────

  #connect(live: LiveSession, token: string): void {
    if (!this.#socketFactory) return;
    this.#set(() => ({ connection: 'connecting' }));
    const url = this.#options.socketUrl ?? this.#options.backendUrl;
    const socket = this.#socketFactory(url, token, this.#reconnect);
    live.socket = socket;
    let connectedBefore = false;
    const on = (event: string, listener: (...args: never[]) => void) =>
      socket.on(event, (...args: never[]) => {
        if (this.#isLive(live)) listener(...args);
      });
    on('connect', () => {
      this.#set(() => ({ connection: 'connected' }));
      // Events sent while we were away are lost: read the counts and the first page again.
      if (connectedBefore) this.#resync();
      connectedBefore = true;
    });
    on('disconnect', (reason: string) => {
      // After a server-side (or our own) disconnect socket.io does not reconnect.
      const final = reason === 'io server disconnect' || reason === 'io client disconnect';
      this.#set(() => ({ connection: final ? 'disconnected' : 'reconnecting' }));
    });
    on('connect_error', (error: Error) => {
      this.#logger.warn('Inbox socket connect error:', error?.message ?? error);
      this.#set(() => ({ connection: 'reconnecting' }));
    });
    on(SOCKET_EVENTS.received, (data: { message?: unknown }) => {
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
          this.#logger.error('Inbox notification listener failed', error);
        }
      }
      this.#scheduleRefresh(['feed']);
    });
    on(SOCKET_EVENTS.unseen, (data: unknown) => {
      const count = parseCountEvent(data, 'unseenCount');
      if (!count) return;
      this.#setCount('unseen', count.count, count.hasMore);
      this.#scheduleRefresh(['feed', 'storeCounts']);
    });
    on(SOCKET_EVENTS.unread, (data: unknown) => {
      const count = parseCountEvent(data, 'unreadCount');
      if (!count) return;
      this.#setCount('unread', count.count, count.hasMore);
      this.#scheduleRefresh(['feed', 'storeCounts', 'unseen']);
    });
  }

  /** After a reconnect: counts, store badges and the loaded pages (from page 0), at once. */
  #resync(): void {
    this.#refresh.cancel();
    this.#refreshParts = new Set(['unseen', 'unread', 'feed', 'storeCounts']);
    this.#flushRefresh();
  }

  #scheduleRefresh(parts: readonly RefreshPart[]): void {
    for (const part of parts) this.#refreshParts.add(part);
    this.#refresh();
  }

  #flushRefresh(): void {
    const parts = this.#refreshParts;
    this.#refreshParts = new Set();
    if (!this.#readySession()) return;
    if (parts.has('unseen')) void this.fetchUnseenCount();
    if (parts.has('unread')) void this.fetchUnreadCount();
    if (parts.has('feed') && this.#feedWanted) void this.refetchFeed();
    if (parts.has('storeCounts') && this.#storeCountsWanted) void this.fetchStoreCounts();
  }

  #dispatch(which: 'unseen' | 'unread', count: number): void {
    const target = this.#options.eventTarget === undefined ? browserEventTarget() : this.#options.eventTarget;
    if (!target || typeof CustomEvent !== 'function') return;
    const prefix = this.#options.eventPrefix ?? BROWSER_EVENT_PREFIX;
    target.dispatchEvent(new CustomEvent(`${prefix}${which}_count_changed`, { detail: count }));
  }

  #setCount(which: 'unseen' | 'unread', count: number, hasMore: boolean): void {
    this.#set((state) => ({
      counts:
        which === 'unseen'
          ? { ...state.counts, unseen: count, unseenHasMore: hasMore }
          : { ...state.counts, unread: count, unreadHasMore: hasMore },
    }));
    this.#dispatch(which, count);
  }

  // ─── organization and counts ──────────────────────────────────────────────────────────────

  async fetchOrganization(): Promise<void> {
    const live = this.#readySession();
    if (!live) return;
    try {
      const organization = await this.api.getOrganization({ signal: live.abort.signal });
      if (this.#isLive(live)) this.#set(() => ({ organization }));
    } catch (error) {
      if (this.#isLive(live) && !isAbort(error)) this.#fail('organization', error);
    }
  }

  async fetchUnseenCount(): Promise<void> {
    await this.#fetchCount('unseen');
  }

  async fetchUnreadCount(): Promise<void> {
    await this.#fetchCount('unread');
  }

  /** Both counts (limit 100). */
  async fetchCounts(): Promise<void> {
    await Promise.all([this.#fetchCount('unseen'), this.#fetchCount('unread')]);
  }

  async #fetchCount(which: 'unseen' | 'unread'): Promise<void> {
    const live = this.#readySession();
    if (!live) return;
    try {
      const options = { signal: live.abort.signal };
      const { count } =
        which === 'unseen'
          ? await this.api.getUnseenCount({}, options)
          : await this.api.getUnreadCount({}, options);
      if (this.#isLive(live)) this.#setCount(which, count, false);
    } catch (error) {
      if (this.#isLive(live) && !isAbort(error)) this.#fail('counts', error);
    }
  }

  /** Every store's unseen badge; kept fresh from then on. */
  async fetchStoreCounts(): Promise<void> {
    this.#storeCountsWanted = true;
    const live = this.#readySession();
    if (!live) return;
    try {
      const entries = await Promise.all(
        this.#stores.map(
          async (store) =>
            [
              store.storeId,
              (await this.api.getCount(store.query ?? {}, { signal: live.abort.signal })).count,
            ] as const,
        ),
      );
      if (this.#isLive(live))
        this.#set((state) => ({ counts: { ...state.counts, stores: Object.fromEntries(entries) } }));
    } catch (error) {
      if (this.#isLive(live) && !isAbort(error)) this.#fail('counts', error);
    }
  }

  // ─── stores and feed ──────────────────────────────────────────────────────────────────────

  get activeStore(): InboxStore {
    const id = this.getSnapshot().activeStoreId;
    return this.#stores.find((store) => store.storeId === id) ?? (this.#stores[0] as InboxStore);
  }

  #feedQuery(): StoreQuery {
    const query = this.activeStore.query ?? {};
    return { ...query, limit: query.limit ?? this.#options.pageSize ?? DEFAULT_PAGE_SIZE };
  }

  /**
   * Makes `storeId` active: its query replaces the filter of the feed, and the feed is read
   * again from page 0 if it was in use.
   */
  setStore(storeId: string): Promise<void> {
    if (!this.#stores.some((store) => store.storeId === storeId)) {
      return Promise.reject(new Error(`Unknown inbox store "${storeId}"`));
    }
    if (this.getSnapshot().activeStoreId === storeId) return Promise.resolve();
    this.#feedSeq += 1;
    this.#basePages = [];
    this.#set(() => ({ activeStoreId: storeId, feed: emptyFeed(storeId) }));
    return this.#feedWanted ? this.fetchFeed() : Promise.resolve();
  }

  /** Replaces the store definitions (the active one stays if it still exists, else the first). */
  setStores(stores: InboxStore[]): Promise<void> {
    const next = stores.length ? [...stores] : [{ storeId: DEFAULT_STORE_ID }];
    const active = this.getSnapshot().activeStoreId;
    const before = this.activeStore;
    this.#stores = next;
    this.#set(() => ({ stores: next }));
    const kept = next.find((store) => store.storeId === active);
    if (!kept) return this.setStore((next[0] as InboxStore).storeId);
    if (JSON.stringify(kept.query ?? {}) !== JSON.stringify(before.query ?? {}) && this.#feedWanted) {
      return this.fetchFeed();
    }
    return Promise.resolve();
  }

  #publishFeed(patch: Partial<FeedState> = {}): void {
    const pages = applyOps(this.#basePages, this.#ops);
    const last = pages[pages.length - 1];
    this.#set((state) => ({
      feed: { ...state.feed, ...patch, pages, messages: flatten(pages), hasMore: last?.hasMore ?? false },
    }));
  }

  /**
   * Reads page 0 of the active store (replacing what was loaded); keeps the feed fresh from then on.
   * Resolves once the feed shows the server's answer, even when a newer read took this one's place.
   */
  fetchFeed(): Promise<void> {
    return this.#trackFeedLoad(() => this.#readFirstPage());
  }

  /** Runs a feed read and records it as the newest when it took a new sequence number. */
  #trackFeedLoad(read: () => Promise<void>): Promise<void> {
    const before = this.#feedSeq;
    const done = read();
    if (this.#feedSeq !== before) this.#feedLoad = { seq: this.#feedSeq, done };
    return done;
  }

  /** The newer feed read that replaced read number `seq` (nothing when none is running). */
  #newerFeedLoad(seq: number): Promise<void> | undefined {
    const load = this.#feedLoad;
    return load && load.seq > seq ? load.done : undefined;
  }

  async #readFirstPage(): Promise<void> {
    this.#feedWanted = true;
    const live = this.#readySession();
    if (!live) return;
    const seq = ++this.#feedSeq;
    const commits = this.#commitSeq;
    if (this.#basePages.length === 0) this.#publishFeed({ status: 'loading' });
    try {
      const page = await this.api.getFeed(0, this.#feedQuery(), { signal: live.abort.signal });
      if (!this.#isLive(live)) return;
      if (seq !== this.#feedSeq) return this.#newerFeedLoad(seq);
      if (commits !== this.#commitSeq && this.#basePages.length > 0) return this.refetchFeed();
      this.#basePages = [page];
      this.#publishFeed({ status: 'ready', fetchingNextPage: false, refreshing: false });
    } catch (error) {
      if (!this.#isLive(live) || seq !== this.#feedSeq || isAbort(error)) return;
      this.#publishFeed({
        status: this.#basePages.length ? 'ready' : 'error',
        fetchingNextPage: false,
        refreshing: false,
      });
      this.#fail('feed', error);
    }
  }

  /** Appends the next page (current page + 1) while the server reports more. */
  async fetchNextPage(): Promise<void> {
    const live = this.#readySession();
    const last = this.#basePages[this.#basePages.length - 1];
    if (!live || !last?.hasMore || this.getSnapshot().feed.fetchingNextPage) return;
    const seq = this.#feedSeq;
    this.#publishFeed({ fetchingNextPage: true });
    try {
      const page = await this.api.getFeed(last.page + 1, this.#feedQuery(), { signal: live.abort.signal });
      if (!this.#isLive(live) || seq !== this.#feedSeq) return;
      this.#basePages = [...this.#basePages, page];
      this.#publishFeed({ fetchingNextPage: false });
    } catch (error) {
      if (!this.#isLive(live) || isAbort(error)) return;
      if (seq === this.#feedSeq) this.#publishFeed({ fetchingNextPage: false });
      this.#fail('feed', error);
    }
  }

  /**
   * Reads the loaded pages again from page 0 (as many as were loaded, fewer when the server
   * reports no more) and swaps them in at once, keeping the scroll depth.
   */
  refetchFeed(): Promise<void> {
    return this.#trackFeedLoad(() => this.#readLoadedPages());
  }

  async #readLoadedPages(): Promise<void> {
    const live = this.#readySession();
    if (!live) return;
    if (this.#basePages.length === 0) return this.fetchFeed();
    const seq = ++this.#feedSeq;
    const commits = this.#commitSeq;
    const wanted = this.#basePages.length;
    this.#publishFeed({ refreshing: true });
    try {
      const pages: FeedPage[] = [];
      for (let page = 0; page < wanted; page++) {
        const next = await this.api.getFeed(page, this.#feedQuery(), { signal: live.abort.signal });
        if (!this.#isLive(live)) return;
        if (seq !== this.#feedSeq) return this.#newerFeedLoad(seq);
        pages.push(next);
        if (!next.hasMore) break;
      }
      if (commits !== this.#commitSeq) {
        // A change was confirmed while these pages were read: they may predate it.
        this.#publishFeed({ refreshing: false });
        this.#scheduleRefresh(['feed']);
        return;
      }
      this.#basePages = pages;
      this.#publishFeed({ status: 'ready', refreshing: false, fetchingNextPage: false });
    } catch (error) {
      if (!this.#isLive(live) || isAbort(error)) return;
      if (seq === this.#feedSeq) this.#publishFeed({ refreshing: false });
      this.#fail('feed', error);
    }
  }

  // ─── optimistic mutations ─────────────────────────────────────────────────────────────────

  /** The count changes `apply` would make to the loaded messages. */
  #deltaOf(apply: PendingOp['apply']): { unseen: number; unread: number } {
    const total = { unseen: 0, unread: 0 };
    for (const message of this.getSnapshot().feed.messages) {
      const delta = countDelta(message, apply(message));
      total.unseen += delta.unseen;
      total.unread += delta.unread;
    }
    return total;
  }

  #changeCounts(change: CountChange): () => void {
    const before = this.getSnapshot().counts;
    const next = (current: number | null, by: number | 'zero' | undefined) =>
      current === null || by === undefined ? current : by === 'zero' ? 0 : Math.max(0, current + by);
    this.#set((state) => ({
      counts: {
        ...state.counts,
        unseen: next(state.counts.unseen, change.unseen),
        unread: next(state.counts.unread, change.unread),
      },
    }));
    const undo = (current: number | null, by: number | 'zero' | undefined, previous: number | null) =>
      current === null || by === undefined ? current : by === 'zero' ? previous : Math.max(0, current - by);
    return () =>
      this.#set((state) => ({
        counts: {
          ...state.counts,
          unseen: undo(state.counts.unseen, change.unseen, before.unseen),
          unread: undo(state.counts.unread, change.unread, before.unread),
        },
      }));
  }

  /**
   * Applies `apply` to the loaded messages at once, sends the request, then keeps the change (or
   * the server's documents, via `commit`) or rolls it back on failure. Either way the counts and
   * the feed are read again (debounced) so the view ends up as the server has it.
   */
  async #mutate<T>(
    apply: PendingOp['apply'],
    counts: CountChange,
    run: (signal: AbortSignal) => Promise<T>,
    commit?: (result: T) => void,
  ): Promise<T> {
    const live = this.#readySession();
    if (!live) throw new Error('The inbox session is not initialized');
    const op: PendingOp = { apply };
    this.#ops = [...this.#ops, op];
    const undoCounts = this.#changeCounts(counts);
    this.#publishFeed();
    try {
      const result = await run(live.abort.signal);
      if (this.#isLive(live)) {
        this.#ops = this.#ops.filter((other) => other !== op);
        this.#commitSeq += 1;
        if (commit) commit(result);
        else this.#basePages = applyOps(this.#basePages, [op]);
        this.#publishFeed();
        this.#scheduleRefresh(['unseen', 'unread', 'feed', 'storeCounts']);
      }
      return result;
    } catch (error) {
      if (this.#isLive(live)) {
        this.#ops = this.#ops.filter((other) => other !== op);
        undoCounts();
        this.#publishFeed();
        if (!isAbort(error)) this.#fail('mutation', error);
        this.#scheduleRefresh(['unseen', 'unread']);
      }
      throw error;
    }
  }

  /** Puts the server's copies of `messages` into the loaded pages. */
  #merge(messages: readonly InboxMessage[]): void {
    const byId = new Map(messages.map((message) => [message._id, message]));
    this.#basePages = this.#basePages.map((page) => ({
      ...page,
      data: page.data.map((message) => byId.get(message._id) ?? message),
    }));
  }

  /** `POST /messages/markAs` with `mark` (neither flag = seen). */
  markAs(messageId: string | readonly string[], mark: Mark): Promise<InboxMessage[]> {
    const targets = ids(messageId);
    if (targets.size === 0) return Promise.resolve([]);
    const apply = (message: InboxMessage) => (targets.has(message._id) ? applyMark(message, mark) : message);
    const delta = this.#deltaOf(apply);
    return this.#mutate(
      apply,
      delta,
      (signal) => this.api.markAs([...targets], mark, { signal }),
      (stored) => this.#merge(stored),
    );
  }

  /** Read: seen and read. */
  markAsRead(messageId: string | readonly string[]): Promise<InboxMessage[]> {
    return this.markAs(messageId, READ);
  }

  /** Unread: seen, not read. */
  markAsUnread(messageId: string | readonly string[]): Promise<InboxMessage[]> {
    return this.markAs(messageId, UNREAD);
  }

  /** Seen alone (read untouched). */
  markAsSeen(messageId: string | readonly string[]): Promise<InboxMessage[]> {
    return this.markAs(messageId, SEEN);
  }

  /** Mark fetched as read: the loaded unread messages become read (and seen). */
  markFetchedAsRead(): Promise<InboxMessage[]> {
    return this.markAs(
      fetchedToRead(this.getSnapshot().feed.messages).map((message) => message._id),
      READ,
    );
  }

  /** Mark fetched as seen: the loaded messages that are neither seen nor read become seen, unread. */
  markFetchedAsSeen(): Promise<InboxMessage[]> {
    return this.markAs(
      fetchedToSee(this.getSnapshot().feed.messages).map((message) => message._id),
      { seen: true, read: false },
    );
  }

  /** The active store's feed identifiers (what "mark all" applies to by default). */
  #activeFeeds(): string | string[] | undefined {
    return this.activeStore.query?.feedIdentifier;
  }

  /** `POST /messages/read`: every message of the feeds (default: the active store's) read and seen. */
  markAllAsRead(feedIdentifier: string | string[] | undefined = this.#activeFeeds()): Promise<number> {
    const apply = (message: InboxMessage) => applyMark(message, MARK_ALL_READ);
    const counts: CountChange =
      feedIdentifier === undefined ? { unseen: 'zero', unread: 'zero' } : this.#deltaOf(apply);
    return this.#mutate(apply, counts, (signal) => this.api.markAllAsRead(feedIdentifier, { signal }));
  }

  /** `POST /messages/seen`: every message of the feeds seen (loaded ones shown unread, spec §4). */
  markAllAsSeen(feedIdentifier: string | string[] | undefined = this.#activeFeeds()): Promise<number> {
    const apply = (message: InboxMessage) => applyMark(message, MARK_ALL_SEEN);
    const counts: CountChange =
      feedIdentifier === undefined ? { unseen: 'zero' } : { unseen: this.#deltaOf(apply).unseen };
    return this.#mutate(apply, counts, (signal) => this.api.markAllAsSeen(feedIdentifier, { signal }));
  }

  /** `DELETE /messages/:id`. */
  removeMessage(messageId: string): Promise<InboxMessage> {
    const apply = (message: InboxMessage) => (message._id === messageId ? null : message);
    return this.#mutate(apply, this.#deltaOf(apply), (signal) =>
      this.api.removeMessage(messageId, { signal }),
    );
  }

  /** `POST /messages/bulk/delete`. */
  removeMessages(messageIds: readonly string[]): Promise<void> {
    const targets = ids(messageIds);
    if (targets.size === 0) return Promise.resolve();
    const apply = (message: InboxMessage) => (targets.has(message._id) ? null : message);
    return this.#mutate(apply, this.#deltaOf(apply), (signal) =>
      this.api.removeMessages([...targets], { signal }),
    );
  }

  /** `DELETE /messages[?feedId]` — `feedId` is a feed's `_id` (not its identifier). */
  removeAllMessages(feedId?: string): Promise<void> {
    const apply = (message: InboxMessage) =>
      feedId === undefined || message._feedId === feedId ? null : message;
    const counts: CountChange =
      feedId === undefined ? { unseen: 'zero', unread: 'zero' } : this.#deltaOf(apply);
    return this.#mutate(apply, counts, (signal) => this.api.removeAllMessages(feedId, { signal }));
  }

  /** `POST /messages/:id/actions/:type` — the button's result; flags untouched. */
  updateAction(
    messageId: string,
    type: ActionButtonType,
    status: ActionStatus,
    payload?: Record<string, unknown>,
  ): Promise<InboxMessage> {
    const apply = (message: InboxMessage): InboxMessage =>
      message._id === messageId && message.cta
        ? {
            ...message,
            cta: {
              ...message.cta,
              action: { ...message.cta.action, status, result: { type, ...(payload ? { payload } : {}) } },
            },
          }
        : message;
    return this.#mutate(
      apply,
      {},
      (signal) => this.api.updateAction(messageId, type, status, payload, { signal }),
      (stored) => this.#merge([stored]),
    );
  }

  /** `POST /usage/log` (analytics; never retried, failures only logged). */
  async logUsage(name: string, payload: Record<string, unknown>): Promise<void> {
    const live = this.#readySession();
    if (!live) return;
    try {
      await this.api.logUsage(name, payload, { signal: live.abort.signal });
    } catch (error) {
      if (!isAbort(error)) this.#logger.warn('Inbox usage log failed', error);
    }
  }

  // ─── preferences ──────────────────────────────────────────────────────────────────────────

  async fetchPreferences(): Promise<void> {
    const live = this.#readySession();
    if (!live) return;
    this.#set((state) => ({ preferences: { ...state.preferences, status: 'loading' } }));
    try {
      const workflows = await this.api.getPreferences({ signal: live.abort.signal });
      if (this.#isLive(live)) {
        this.#set((state) => ({ preferences: { ...state.preferences, status: 'ready', workflows } }));
      }
    } catch (error) {
      if (!this.#isLive(live) || isAbort(error)) return;
      this.#set((state) => ({ preferences: { ...state.preferences, status: 'error' } }));
      this.#fail('preferences', error);
    }
  }

  async fetchGlobalPreference(): Promise<void> {
    const live = this.#readySession();
    if (!live) return;
    try {
      const global = await this.api.getGlobalPreference({ signal: live.abort.signal });
      if (this.#isLive(live)) this.#set((state) => ({ preferences: { ...state.preferences, global } }));
    } catch (error) {
      if (this.#isLive(live) && !isAbort(error)) this.#fail('preferences', error);
    }
  }

  #replaceWorkflow(templateId: string, change: (row: WorkflowPreference) => WorkflowPreference): void {
    this.#set((state) => ({
      preferences: {
        ...state.preferences,
        workflows: state.preferences.workflows.map((row) =>
          row.template._id === templateId ? change(row) : row,
        ),
      },
    }));
  }

  /** One channel of one workflow on or off: shown at once, reverted if the server refuses. */
  async updatePreference(
    templateId: string,
    channel: keyof ChannelSwitches,
    enabled: boolean,
  ): Promise<void> {
    const live = this.#readySession();
    if (!live) throw new Error('The inbox session is not initialized');
    const before = this.getSnapshot().preferences.workflows.find((row) => row.template._id === templateId);
    this.#replaceWorkflow(templateId, (row) => ({
      ...row,
      preference: { ...row.preference, channels: { ...row.preference.channels, [channel]: enabled } },
    }));
    try {
      const stored = await this.api.updatePreference(
        templateId,
        { channel: { type: channel, enabled } },
        { signal: live.abort.signal },
      );
      if (this.#isLive(live)) this.#replaceWorkflow(templateId, () => stored);
    } catch (error) {
      if (this.#isLive(live)) {
        if (before) this.#replaceWorkflow(templateId, () => before);
        if (!isAbort(error)) this.#fail('preferences', error);
      }
      throw error;
    }
  }

  /** Global switches (all workflows): shown at once, reverted if the server refuses. */
  async updateGlobalPreference(change: {
    enabled?: boolean;
    preferences?: { channelType: keyof ChannelSwitches; enabled: boolean }[];
  }): Promise<void> {
    const live = this.#readySession();
    if (!live) throw new Error('The inbox session is not initialized');
    const before = this.getSnapshot().preferences.global;
    if (before) {
      const channels = { ...before.preference.channels };
      for (const item of change.preferences ?? []) channels[item.channelType] = item.enabled;
      this.#set((state) => ({
        preferences: {
          ...state.preferences,
          global: { preference: { enabled: change.enabled ?? before.preference.enabled, channels } },
        },
      }));
    }
    try {
      const global = await this.api.updateGlobalPreference(change, { signal: live.abort.signal });
      if (this.#isLive(live)) this.#set((state) => ({ preferences: { ...state.preferences, global } }));
    } catch (error) {
      if (this.#isLive(live)) {
        this.#set((state) => ({ preferences: { ...state.preferences, global: before } }));
        if (!isAbort(error)) this.#fail('preferences', error);
      }
      throw error;
    }
  }
}

/** Creates an idle client: call `start()` (or `configure(identity)`) in the browser. */
export function createInboxClient(options: InboxClientOptions): InboxClient {
  return new InboxClient(options);
}
