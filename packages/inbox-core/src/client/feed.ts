import { DEFAULT_PAGE_SIZE, DEFAULT_STORE_ID } from '../constants';
import { isAbort } from '../errors';
import type { FeedPage, InboxMessage, InboxStore, InboxView, StoreQuery } from '../types';
import type { ClientContext } from './context';
import { applyChanges, flatten, mergeMessages, type PendingChange } from './feed-pages';
import { emptyFeed, type FeedState } from './state';

/**
 * The feed of the active store and view: its pages as the server sent them, with the pending
 * optimistic changes laid over them. Reads are numbered: an answer to a read that a newer one
 * overtook is dropped, and its caller waits for the newer read instead.
 */
export class Feed {
  readonly #ctx: ClientContext;
  /** Asks for another refresh of the pages (debounced). */
  readonly #refreshLater: () => void;
  /** Pages as the server last sent them. */
  #basePages: FeedPage[] = [];
  #pending: PendingChange[] = [];
  #seq = 0;
  /** The newest page-0 read or refetch, so a superseded read resolves when the newer one does. */
  #newest: { seq: number; done: Promise<void> } | null = null;
  /**
   * Bumped when a flag change is confirmed: a page read that started before it may show the old
   * flags, so it is not swapped in (the refresh the change schedules reads the pages again).
   */
  #commitSeq = 0;
  /** The page-0 read under way, if any. */
  #firstPage: Promise<void> | null = null;
  /** The refresh of the loaded pages under way, if any. */
  #refetching: Promise<void> | null = null;
  /** The next page being read, if any. */
  #nextPage: Promise<void> | null = null;
  /** The UI asked for the feed: keep it fresh (events, reconnect, new session). */
  wanted = false;

  constructor(ctx: ClientContext, refreshLater: () => void) {
    this.#ctx = ctx;
    this.#refreshLater = refreshLater;
  }

  /** Forgets the pages and pending changes; reads under way no longer count (session end). */
  clear(): void {
    this.#basePages = [];
    this.#pending = [];
    this.#seq += 1;
  }

  get activeStore(): InboxStore {
    const stores = this.#ctx.stores;
    const id = this.#ctx.state.activeStoreId;
    return stores.find((store) => store.storeId === id) ?? (stores[0] as InboxStore);
  }

  #query(): StoreQuery {
    const query = this.activeStore.query ?? {};
    const view = this.#ctx.state.view;
    return {
      ...query,
      limit: query.limit ?? this.#ctx.options.pageSize ?? DEFAULT_PAGE_SIZE,
      ...(view === 'archived' ? { archived: true } : view === 'snoozed' ? { snoozed: true } : {}),
    };
  }

  setView(view: InboxView): Promise<void> {
    const ctx = this.#ctx;
    if (ctx.state.view === view) return Promise.resolve();
    this.clear();
    const storeId = ctx.state.activeStoreId;
    ctx.set(() => ({ view, feed: emptyFeed(storeId) }));
    return this.wanted ? this.fetch() : Promise.resolve();
  }

  setStore(storeId: string): Promise<void> {
    const ctx = this.#ctx;
    if (!ctx.stores.some((store) => store.storeId === storeId)) {
      return Promise.reject(new Error(`Unknown inbox store "${storeId}"`));
    }
    if (ctx.state.activeStoreId === storeId) return Promise.resolve();
    this.#seq += 1;
    this.#basePages = [];
    ctx.set(() => ({ activeStoreId: storeId, feed: emptyFeed(storeId) }));
    return this.wanted ? this.fetch() : Promise.resolve();
  }

  setStores(stores: InboxStore[]): Promise<void> {
    const ctx = this.#ctx;
    const next = stores.length ? [...stores] : [{ storeId: DEFAULT_STORE_ID }];
    const active = ctx.state.activeStoreId;
    const before = this.activeStore;
    ctx.stores = next;
    ctx.set(() => ({ stores: next }));
    const kept = next.find((store) => store.storeId === active);
    if (!kept) return this.setStore((next[0] as InboxStore).storeId);
    if (JSON.stringify(kept.query ?? {}) !== JSON.stringify(before.query ?? {}) && this.wanted) {
      return this.fetch();
    }
    return Promise.resolve();
  }

  // ─── optimistic changes ─────────────────────────────────────────────────────────────────────

  /** Lays `change` over the pages until {@link confirm} or {@link drop}. */
  hold(change: PendingChange): void {
    this.#pending = [...this.#pending, change];
  }

  /**
   * The server accepted `change`: the pages keep it, or take the server's copies of the changed
   * messages when it sent them back.
   */
  confirm(change: PendingChange, stored?: readonly InboxMessage[]): void {
    this.drop(change);
    this.#commitSeq += 1;
    this.#basePages = stored
      ? mergeMessages(this.#basePages, stored)
      : applyChanges(this.#basePages, [change]);
  }

  /** The change is no longer laid over the pages (refused, or folded into them). */
  drop(change: PendingChange): void {
    this.#pending = this.#pending.filter((other) => other !== change);
  }

  /** Publishes the pages with the pending changes applied, and `patch`. */
  publish(patch: Partial<FeedState> = {}): void {
    const pages = applyChanges(this.#basePages, this.#pending);
    const last = pages[pages.length - 1];
    this.#ctx.set((state) => ({
      feed: { ...state.feed, ...patch, pages, messages: flatten(pages), hasMore: last?.hasMore ?? false },
    }));
  }

  // ─── reads ──────────────────────────────────────────────────────────────────────────────────

  /** Page 0 of the active store; resolves once the feed shows the server's answer. */
  fetch(): Promise<void> {
    const loading = this.#trackNewest(() => this.#loadFirstPage()).finally(() => {
      if (this.#firstPage === loading) this.#firstPage = null;
    });
    this.#firstPage = loading;
    return loading;
  }

  /** Runs a read and records it as the newest when it took a new sequence number. */
  #trackNewest(read: () => Promise<void>): Promise<void> {
    const before = this.#seq;
    const done = read();
    if (this.#seq !== before) this.#newest = { seq: this.#seq, done };
    return done;
  }

  /** The newer read that replaced read number `seq` (nothing when none is running). */
  #newerThan(seq: number): Promise<void> | undefined {
    const newest = this.#newest;
    return newest && newest.seq > seq ? newest.done : undefined;
  }

  async #loadFirstPage(): Promise<void> {
    this.wanted = true;
    const ctx = this.#ctx;
    const live = ctx.readySession();
    if (!live) return;
    const seq = ++this.#seq;
    const commits = this.#commitSeq;
    if (this.#basePages.length === 0) this.publish({ status: 'loading' });
    try {
      const page = await ctx.api.getFeed(0, this.#query(), { signal: live.abort.signal });
      if (!ctx.isLive(live)) return;
      if (seq !== this.#seq) return this.#newerThan(seq);
      if (commits !== this.#commitSeq && this.#basePages.length > 0) return this.refetch();
      this.#basePages = [page];
      this.publish({ status: 'ready', fetchingNextPage: false, refreshing: false });
    } catch (error) {
      if (!ctx.isLive(live) || seq !== this.#seq || isAbort(error)) return;
      this.publish({
        status: this.#basePages.length ? 'ready' : 'error',
        fetchingNextPage: false,
        refreshing: false,
      });
      ctx.fail('feed', error);
    }
  }

  /** Appends the next page (current page + 1) while the server reports more. */
  async fetchNext(): Promise<void> {
    // A refresh under way swaps the pages when it ends: the next page is read after it.
    if (this.#refetching) await this.#refetching;
    const reading = this.#readNextPage();
    this.#nextPage = reading;
    try {
      await reading;
    } finally {
      if (this.#nextPage === reading) this.#nextPage = null;
    }
  }

  async #readNextPage(): Promise<void> {
    const ctx = this.#ctx;
    const live = ctx.readySession();
    const last = this.#basePages[this.#basePages.length - 1];
    if (!live || !last?.hasMore || ctx.state.feed.fetchingNextPage) return;
    const seq = this.#seq;
    this.publish({ fetchingNextPage: true });
    try {
      const page = await ctx.api.getFeed(last.page + 1, this.#query(), { signal: live.abort.signal });
      if (!ctx.isLive(live) || seq !== this.#seq) return;
      this.#basePages = [...this.#basePages, page];
      this.publish({ fetchingNextPage: false });
    } catch (error) {
      if (!ctx.isLive(live) || isAbort(error)) return;
      if (seq === this.#seq) this.publish({ fetchingNextPage: false });
      ctx.fail('feed', error);
    }
  }

  /** Reads the loaded pages again from page 0 and swaps them in at once (keeping the depth). */
  refetch(): Promise<void> {
    // A next page being read is appended first, so the refresh reads it again too.
    const appending = this.#nextPage;
    const refetch = () => this.#trackNewest(() => this.#refetchPages());
    const refetching = (appending ? appending.then(refetch) : refetch()).finally(() => {
      if (this.#refetching === refetching) this.#refetching = null;
    });
    this.#refetching = refetching;
    return refetching;
  }

  async #refetchPages(): Promise<void> {
    const ctx = this.#ctx;
    const live = ctx.readySession();
    if (!live) return;
    // Nothing loaded yet: a first read under way is the refresh (a second would make it moot).
    if (this.#basePages.length === 0) return this.#firstPage ?? this.fetch();
    const seq = ++this.#seq;
    const commits = this.#commitSeq;
    const wanted = this.#basePages.length;
    this.publish({ refreshing: true });
    try {
      const pages: FeedPage[] = [];
      for (let page = 0; page < wanted; page++) {
        const next = await ctx.api.getFeed(page, this.#query(), { signal: live.abort.signal });
        if (!ctx.isLive(live)) return;
        if (seq !== this.#seq) return this.#newerThan(seq);
        pages.push(next);
        if (!next.hasMore) break;
      }
      if (commits !== this.#commitSeq) {
        // A change was confirmed while these pages were read: they may predate it.
        this.publish({ refreshing: false });
        this.#refreshLater();
        return;
      }
      this.#basePages = pages;
      this.publish({ status: 'ready', refreshing: false, fetchingNextPage: false });
    } catch (error) {
      if (!ctx.isLive(live) || isAbort(error)) return;
      if (seq === this.#seq) this.publish({ refreshing: false });
      ctx.fail('feed', error);
    }
  }
}
