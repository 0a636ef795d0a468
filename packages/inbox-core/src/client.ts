import { WidgetApi } from './api';
import { ArchiveSnooze } from './client/archive-snooze';
import { ClientContext, type LiveSession } from './client/context';
import { Counts } from './client/counts';
import { Feed } from './client/feed';
import { MessageChanges } from './client/message-changes';
import {
  INITIAL_FETCH,
  type InboxClientOptions,
  type InboxIdentity,
  type InitialFetch,
} from './client/options';
import { Preferences } from './client/preferences';
import { countDebounceMs, Realtime } from './client/realtime';
import { type RefreshPart, RefreshScheduler } from './client/refresh';
import { Session } from './client/session';
import { type InboxState, initialState } from './client/state';
import { DEFAULT_STORE_ID, RETRY_DEFAULTS } from './constants';
import { HttpClient } from './http';
import { createContainer, type Observable } from './observable';
import { DEFAULT_MAX_SNOOZE_HOURS } from './snooze';
import type {
  ActionButtonType,
  ActionStatus,
  ChannelSwitches,
  InboxMessage,
  InboxStore,
  InboxView,
  Mark,
} from './types';

export type { InboxClientOptions, InboxIdentity, InitialFetch } from './client/options';
export type {
  ConnectionStatus,
  CountsState,
  ErrorScope,
  FeedState,
  InboxErrorInfo,
  InboxState,
  LoadStatus,
  PreferencesState,
  SessionStatus,
} from './client/state';

/**
 * The inbox of one subscriber, without any UI: session, feed pages per store, counts, flags,
 * preferences and the realtime socket, in one observable state (`subscribe` / `getSnapshot`).
 * Each of those lives in its own part under `client/`; this class puts them together.
 *
 * Nothing happens at construction (safe during server-side rendering). {@link start} (or
 * {@link configure}) begins a session once both the application identifier and the subscriber id
 * are known; changing either, or the hash, tears the old session down first — its token, socket,
 * pages and counts — so the next subscriber never sees the previous one's inbox.
 */
export class InboxClient implements Observable<InboxState> {
  readonly api: WidgetApi;
  readonly #ctx: ClientContext;
  readonly #initialFetch: InitialFetch;
  readonly #debounceMs: number;
  readonly #refresh: RefreshScheduler;
  readonly #session: Session;
  readonly #counts: Counts;
  readonly #feed: Feed;
  readonly #changes: MessageChanges;
  readonly #archive: ArchiveSnooze;
  readonly #preferences: Preferences;
  readonly #realtime: Realtime;

  constructor(options: InboxClientOptions) {
    const stores = options.stores?.length ? [...options.stores] : [{ storeId: DEFAULT_STORE_ID }];
    this.api = new WidgetApi(
      new HttpClient({
        backendUrl: options.backendUrl,
        retry: { ...RETRY_DEFAULTS, ...options.retry },
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    );
    const ctx = new ClientContext({
      api: this.api,
      container: createContainer(initialState(stores)),
      options,
      logger: options.logger ?? console,
      stores,
    });
    this.#ctx = ctx;
    this.#initialFetch = { ...INITIAL_FETCH, ...options.initialFetch };
    this.#debounceMs = countDebounceMs(options.countDebounceMs);
    this.#refresh = new RefreshScheduler(this.#debounceMs, (parts) => this.#readAgain(parts));
    this.#counts = new Counts(ctx);
    this.#feed = new Feed(ctx, () => this.#refresh.schedule(['feed']));
    this.#changes = new MessageChanges(ctx, {
      feed: this.#feed,
      counts: this.#counts,
      refresh: this.#refresh,
    });
    this.#archive = new ArchiveSnooze(ctx, this.#changes);
    this.#preferences = new Preferences(ctx);
    this.#realtime = new Realtime(ctx, { counts: this.#counts, refresh: this.#refresh });
    this.#session = new Session(ctx, options, {
      ended: () => {
        this.#refresh.cancel();
        this.#feed.clear();
      },
      ready: (live, token) => this.#sessionReady(live, token),
    });
  }

  /** Connects the socket and makes the first reads (those asked for, and those in use). */
  async #sessionReady(live: LiveSession, token: string): Promise<void> {
    this.#realtime.connect(live, token);
    const fetches: Promise<unknown>[] = [];
    const want = this.#initialFetch;
    if (want.organization) fetches.push(this.fetchOrganization());
    if (want.unseenCount) fetches.push(this.fetchUnseenCount());
    if (want.unreadCount) fetches.push(this.fetchUnreadCount());
    if (want.notifications || this.#feed.wanted) fetches.push(this.fetchFeed());
    if (want.storeCounts || this.#counts.storesWanted) fetches.push(this.fetchStoreCounts());
    if (this.#counts.severityWanted) fetches.push(this.fetchSeverityCounts());
    if (want.preferences) fetches.push(this.fetchPreferences());
    if (want.globalPreference) fetches.push(this.fetchGlobalPreference());
    await Promise.all(fetches);
  }

  /** The debounced refresh: reads again what is in use. */
  #readAgain(parts: ReadonlySet<RefreshPart>): void {
    if (!this.#ctx.readySession()) return;
    if (parts.has('unseen')) void this.fetchUnseenCount();
    if (parts.has('unread')) void this.fetchUnreadCount();
    if (parts.has('feed') && this.#feed.wanted) void this.refetchFeed();
    if (parts.has('storeCounts') && this.#counts.storesWanted) void this.fetchStoreCounts();
    if (parts.has('severity') && this.#counts.severityWanted) void this.fetchSeverityCounts();
  }

  // ─── observable ───────────────────────────────────────────────────────────────────────────

  readonly getSnapshot = (): InboxState => this.#ctx.container.getSnapshot();
  readonly subscribe = (listener: () => void): (() => void) => this.#ctx.container.subscribe(listener);

  /** Resolves when the current session start (and its initial fetches) has settled. */
  get ready(): Promise<void> {
    return this.#session.ready;
  }

  /** The debounce of realtime count events, in ms. */
  get countDebounceMs(): number {
    return this.#debounceMs;
  }

  /** Calls `listener` with every message that arrives over the socket. Returns the remover. */
  onNotificationReceived(listener: (message: InboxMessage) => void): () => void {
    return this.#realtime.onReceived(listener);
  }

  /** Clears {@link InboxState.error}. */
  clearError(): void {
    this.#ctx.set(() => ({ error: null }));
  }

  // ─── session ──────────────────────────────────────────────────────────────────────────────

  /** Starts (or restarts) the session with the identity given at construction. */
  start(): Promise<void> {
    return this.#session.start();
  }

  /**
   * Sets the identity. An unchanged identity keeps the running session; a changed one resets
   * everything and starts again when both ids are present.
   */
  configure(identity: InboxIdentity): Promise<void> {
    return this.#session.configure(identity);
  }

  /** Ends the session: the stored token is removed, the socket closed and the state cleared. */
  destroy(): void {
    this.#session.destroy();
  }

  fetchOrganization(): Promise<void> {
    return this.#session.fetchOrganization();
  }

  /** `POST /usage/log` (analytics; never retried, failures only logged). */
  logUsage(name: string, payload: Record<string, unknown>): Promise<void> {
    return this.#session.logUsage(name, payload);
  }

  // ─── counts ───────────────────────────────────────────────────────────────────────────────

  fetchUnseenCount(): Promise<void> {
    return this.#counts.fetchUnseen();
  }

  fetchUnreadCount(): Promise<void> {
    return this.#counts.fetchUnread();
  }

  /** Both counts (limit 100). */
  fetchCounts(): Promise<void> {
    return this.#counts.fetchBoth();
  }

  /** Every store's unseen badge; kept fresh from then on. */
  fetchStoreCounts(): Promise<void> {
    return this.#counts.fetchStores();
  }

  /** Unread messages of the inbox per severity; kept fresh from then on. */
  fetchSeverityCounts(): Promise<void> {
    return this.#counts.fetchSeverity();
  }

  // ─── stores and feed ──────────────────────────────────────────────────────────────────────

  get activeStore(): InboxStore {
    return this.#feed.activeStore;
  }

  /** The server's maximum snooze, in hours (the `maxSnoozeHours` option). */
  get maxSnoozeHours(): number {
    return this.#ctx.options.maxSnoozeHours ?? DEFAULT_MAX_SNOOZE_HOURS;
  }

  /**
   * Shows the inbox, the archive or the snoozed messages (of the active store): the feed is read
   * again from page 0 if it was in use.
   */
  setView(view: InboxView): Promise<void> {
    return this.#feed.setView(view);
  }

  /**
   * Makes `storeId` active: its query replaces the filter of the feed, and the feed is read
   * again from page 0 if it was in use.
   */
  setStore(storeId: string): Promise<void> {
    return this.#feed.setStore(storeId);
  }

  /** Replaces the store definitions (the active one stays if it still exists, else the first). */
  setStores(stores: InboxStore[]): Promise<void> {
    return this.#feed.setStores(stores);
  }

  /**
   * Reads page 0 of the active store (replacing what was loaded); keeps the feed fresh from then on.
   * Resolves once the feed shows the server's answer, even when a newer read took this one's place.
   */
  fetchFeed(): Promise<void> {
    return this.#feed.fetch();
  }

  /** Appends the next page (current page + 1) while the server reports more. */
  fetchNextPage(): Promise<void> {
    return this.#feed.fetchNext();
  }

  /**
   * Reads the loaded pages again from page 0 (as many as were loaded, fewer when the server
   * reports no more) and swaps them in at once, keeping the scroll depth.
   */
  refetchFeed(): Promise<void> {
    return this.#feed.refetch();
  }

  // ─── message changes (optimistic) ─────────────────────────────────────────────────────────

  /** `POST /messages/markAs` with `mark` (neither flag = seen). */
  markAs(messageId: string | readonly string[], mark: Mark): Promise<InboxMessage[]> {
    return this.#changes.markAs(messageId, mark);
  }

  /** Read: seen and read. */
  markAsRead(messageId: string | readonly string[]): Promise<InboxMessage[]> {
    return this.#changes.markAsRead(messageId);
  }

  /** Unread: seen, not read. */
  markAsUnread(messageId: string | readonly string[]): Promise<InboxMessage[]> {
    return this.#changes.markAsUnread(messageId);
  }

  /** Seen alone (read untouched). */
  markAsSeen(messageId: string | readonly string[]): Promise<InboxMessage[]> {
    return this.#changes.markAsSeen(messageId);
  }

  /** Mark fetched as read: the loaded unread messages become read (and seen). */
  markFetchedAsRead(): Promise<InboxMessage[]> {
    return this.#changes.markFetchedAsRead();
  }

  /** Mark fetched as seen: the loaded messages that are neither seen nor read become seen, unread. */
  markFetchedAsSeen(): Promise<InboxMessage[]> {
    return this.#changes.markFetchedAsSeen();
  }

  /** `POST /messages/read`: every message of the feeds (default: the active store's) read and seen. */
  markAllAsRead(
    feedIdentifier: string | string[] | undefined = this.#changes.activeFeeds(),
  ): Promise<number> {
    return this.#changes.markAllAsRead(feedIdentifier);
  }

  /** `POST /messages/seen`: every message of the feeds seen (loaded ones shown seen and unread). */
  markAllAsSeen(
    feedIdentifier: string | string[] | undefined = this.#changes.activeFeeds(),
  ): Promise<number> {
    return this.#changes.markAllAsSeen(feedIdentifier);
  }

  /** `DELETE /messages/:id`. */
  removeMessage(messageId: string): Promise<InboxMessage> {
    return this.#changes.removeMessage(messageId);
  }

  /** `POST /messages/bulk/delete`. */
  removeMessages(messageIds: readonly string[]): Promise<void> {
    return this.#changes.removeMessages(messageIds);
  }

  /** `DELETE /messages[?feedId]` — `feedId` is a feed's `_id` (not its identifier). */
  removeAllMessages(feedId?: string): Promise<void> {
    return this.#changes.removeAllMessages(feedId);
  }

  /** `POST /messages/:id/actions/:type` — the button's result; flags untouched. */
  updateAction(
    messageId: string,
    type: ActionButtonType,
    status: ActionStatus,
    payload?: Record<string, unknown>,
  ): Promise<InboxMessage> {
    return this.#changes.updateAction(messageId, type, status, payload);
  }

  // ─── archive and snooze ───────────────────────────────────────────────────────────────────

  /** Archive (read and seen too): it leaves the inbox and its counts, and is listed in the archive. */
  archive(messageId: string): Promise<void> {
    return this.#archive.archive(messageId);
  }

  /** Back from the archive to the inbox. */
  unarchive(messageId: string): Promise<void> {
    return this.#archive.unarchive(messageId);
  }

  /**
   * Snoozes until `until`: the message leaves the feed and counts and the server brings it back,
   * unread, at that time. A time beyond {@link maxSnoozeHours} (or past) is refused by the server
   * and the message comes back at once.
   */
  snooze(messageId: string, until: Date): Promise<void> {
    return this.#archive.snooze(messageId, until);
  }

  /** Back from the snoozed list to the inbox now. */
  unsnooze(messageId: string): Promise<void> {
    return this.#archive.unsnooze(messageId);
  }

  /** Every read message of the inbox archived (the loaded ones leave the inbox view at once). */
  archiveAllRead(): Promise<void> {
    return this.#archive.archiveAllRead();
  }

  // ─── preferences ──────────────────────────────────────────────────────────────────────────

  fetchPreferences(): Promise<void> {
    return this.#preferences.fetch();
  }

  fetchGlobalPreference(): Promise<void> {
    return this.#preferences.fetchGlobal();
  }

  /** One channel of one workflow on or off: shown at once, reverted if the server refuses. */
  updatePreference(templateId: string, channel: keyof ChannelSwitches, enabled: boolean): Promise<void> {
    return this.#preferences.update(templateId, channel, enabled);
  }

  /** Global switches (all workflows): shown at once, reverted if the server refuses. */
  updateGlobalPreference(change: {
    enabled?: boolean;
    preferences?: { channelType: keyof ChannelSwitches; enabled: boolean }[];
  }): Promise<void> {
    return this.#preferences.updateGlobal(change);
  }
}

/** Creates an idle client: call `start()` (or `configure(identity)`) in the browser. */
export function createInboxClient(options: InboxClientOptions): InboxClient {
  return new InboxClient(options);
}
