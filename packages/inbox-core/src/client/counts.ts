import { BROWSER_EVENT_PREFIX } from '../constants';
import { browserEventTarget } from '../env';
import { isAbort } from '../errors';
import type { SeverityCounts } from '../types';
import type { ClientContext } from './context';

/** An optimistic change of the counts: by a number, or to zero ("mark all"). */
export type CountChange = { unseen?: number | 'zero'; unread?: number | 'zero' };

/**
 * The unseen and unread counts, the per-store badges and the unread counts per severity. Every
 * count change is also dispatched as a DOM event (`forecourt:unseen_count_changed`, …).
 */
export class Counts {
  readonly #ctx: ClientContext;
  /** The UI asked for the store badges / severity counts: keep them fresh. */
  storesWanted = false;
  severityWanted = false;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  async fetchUnseen(): Promise<void> {
    await this.#fetch('unseen');
  }

  async fetchUnread(): Promise<void> {
    await this.#fetch('unread');
  }

  /** Both counts (limit 100). */
  async fetchBoth(): Promise<void> {
    await Promise.all([this.#fetch('unseen'), this.#fetch('unread')]);
  }

  async #fetch(which: 'unseen' | 'unread'): Promise<void> {
    const ctx = this.#ctx;
    const live = ctx.readySession();
    if (!live) return;
    try {
      const options = { signal: live.abort.signal };
      const { count } =
        which === 'unseen'
          ? await ctx.api.getUnseenCount({}, options)
          : await ctx.api.getUnreadCount({}, options);
      if (ctx.isLive(live)) this.set(which, count, false);
    } catch (error) {
      if (ctx.isLive(live) && !isAbort(error)) ctx.fail('counts', error);
    }
  }

  /** Every store's unseen badge; kept fresh from then on. */
  async fetchStores(): Promise<void> {
    this.storesWanted = true;
    const ctx = this.#ctx;
    const live = ctx.readySession();
    if (!live) return;
    try {
      const entries = await Promise.all(
        ctx.stores.map(
          async (store) =>
            [
              store.storeId,
              (await ctx.api.getCount(store.query ?? {}, { signal: live.abort.signal })).count,
            ] as const,
        ),
      );
      if (ctx.isLive(live))
        ctx.set((state) => ({ counts: { ...state.counts, stores: Object.fromEntries(entries) } }));
    } catch (error) {
      if (ctx.isLive(live) && !isAbort(error)) ctx.fail('counts', error);
    }
  }

  /** Unread messages of the inbox per severity; kept fresh from then on. */
  async fetchSeverity(): Promise<void> {
    this.severityWanted = true;
    const ctx = this.#ctx;
    const live = ctx.readySession();
    if (!live) return;
    try {
      const severity = await ctx.api.getSeverityCounts({ signal: live.abort.signal });
      if (ctx.isLive(live)) this.setSeverity(severity);
    } catch (error) {
      if (ctx.isLive(live) && !isAbort(error)) ctx.fail('counts', error);
    }
  }

  setSeverity(severity: SeverityCounts): void {
    this.#ctx.set((state) => ({ counts: { ...state.counts, severity } }));
  }

  set(which: 'unseen' | 'unread', count: number, hasMore: boolean): void {
    this.#ctx.set((state) => ({
      counts:
        which === 'unseen'
          ? { ...state.counts, unseen: count, unseenHasMore: hasMore }
          : { ...state.counts, unread: count, unreadHasMore: hasMore },
    }));
    this.#dispatch(which, count);
  }

  /** Applies an optimistic change at once; returns what undoes it. */
  change(change: CountChange): () => void {
    const ctx = this.#ctx;
    const before = ctx.state.counts;
    const next = (current: number | null, by: number | 'zero' | undefined) =>
      current === null || by === undefined ? current : by === 'zero' ? 0 : Math.max(0, current + by);
    ctx.set((state) => ({
      counts: {
        ...state.counts,
        unseen: next(state.counts.unseen, change.unseen),
        unread: next(state.counts.unread, change.unread),
      },
    }));
    const undo = (current: number | null, by: number | 'zero' | undefined, previous: number | null) =>
      current === null || by === undefined ? current : by === 'zero' ? previous : Math.max(0, current - by);
    return () =>
      ctx.set((state) => ({
        counts: {
          ...state.counts,
          unseen: undo(state.counts.unseen, change.unseen, before.unseen),
          unread: undo(state.counts.unread, change.unread, before.unread),
        },
      }));
  }

  #dispatch(which: 'unseen' | 'unread', count: number): void {
    const options = this.#ctx.options;
    const target = options.eventTarget === undefined ? browserEventTarget() : options.eventTarget;
    if (!target || typeof CustomEvent !== 'function') return;
    const prefix = options.eventPrefix ?? BROWSER_EVENT_PREFIX;
    target.dispatchEvent(new CustomEvent(`${prefix}${which}_count_changed`, { detail: count }));
  }
}
