import { isAbort } from '../errors';
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
} from '../flags';
import type { ActionButtonType, ActionStatus, InboxMessage, Mark } from '../types';
import type { ClientContext } from './context';
import type { CountChange, Counts } from './counts';
import type { Feed } from './feed';
import type { PendingChange } from './feed-pages';
import { EVERY_PART, type RefreshScheduler } from './refresh';

const ids = (messageId: string | readonly string[]): Set<string> =>
  new Set(typeof messageId === 'string' ? [messageId] : messageId);

/**
 * Changes to messages — flags, removal, action results — shown at once over the loaded pages and
 * counts, then kept (or replaced by the server's copies) or rolled back when the request fails.
 */
export class MessageChanges {
  readonly #ctx: ClientContext;
  readonly #feed: Feed;
  readonly #counts: Counts;
  readonly #refresh: RefreshScheduler;

  constructor(ctx: ClientContext, parts: { feed: Feed; counts: Counts; refresh: RefreshScheduler }) {
    this.#ctx = ctx;
    this.#feed = parts.feed;
    this.#counts = parts.counts;
    this.#refresh = parts.refresh;
  }

  /** The count changes `apply` would make to the loaded messages. */
  deltaOf(apply: PendingChange['apply']): { unseen: number; unread: number } {
    const total = { unseen: 0, unread: 0 };
    for (const message of this.#ctx.state.feed.messages) {
      const delta = countDelta(message, apply(message));
      total.unseen += delta.unseen;
      total.unread += delta.unread;
    }
    return total;
  }

  /**
   * Applies `apply` to the loaded messages at once, sends the request, then keeps the change (or
   * the server's documents, from `stored`) or rolls it back on failure. Either way the counts and
   * the feed are read again (debounced) so the view ends up as the server has it.
   */
  async mutate<T>(
    apply: PendingChange['apply'],
    counts: CountChange,
    run: (signal: AbortSignal) => Promise<T>,
    stored?: (result: T) => readonly InboxMessage[],
  ): Promise<T> {
    const ctx = this.#ctx;
    const feed = this.#feed;
    const live = ctx.readySession();
    if (!live) throw new Error('The inbox session is not initialized');
    const change: PendingChange = { apply };
    feed.hold(change);
    const undoCounts = this.#counts.change(counts);
    feed.publish();
    try {
      const result = await run(live.abort.signal);
      if (ctx.isLive(live)) {
        feed.confirm(change, stored?.(result));
        feed.publish();
        this.#refresh.schedule(EVERY_PART);
      }
      return result;
    } catch (error) {
      if (ctx.isLive(live)) {
        feed.drop(change);
        undoCounts();
        feed.publish();
        if (!isAbort(error)) ctx.fail('mutation', error);
        this.#refresh.schedule(['unseen', 'unread']);
      }
      throw error;
    }
  }

  markAs(messageId: string | readonly string[], mark: Mark): Promise<InboxMessage[]> {
    const targets = ids(messageId);
    if (targets.size === 0) return Promise.resolve([]);
    const apply = (message: InboxMessage) => (targets.has(message._id) ? applyMark(message, mark) : message);
    return this.mutate(
      apply,
      this.deltaOf(apply),
      (signal) => this.#ctx.api.markAs([...targets], mark, { signal }),
      (stored) => stored,
    );
  }

  markAsRead(messageId: string | readonly string[]): Promise<InboxMessage[]> {
    return this.markAs(messageId, READ);
  }

  markAsUnread(messageId: string | readonly string[]): Promise<InboxMessage[]> {
    return this.markAs(messageId, UNREAD);
  }

  markAsSeen(messageId: string | readonly string[]): Promise<InboxMessage[]> {
    return this.markAs(messageId, SEEN);
  }

  markFetchedAsRead(): Promise<InboxMessage[]> {
    return this.markAs(
      fetchedToRead(this.#ctx.state.feed.messages).map((message) => message._id),
      READ,
    );
  }

  markFetchedAsSeen(): Promise<InboxMessage[]> {
    return this.markAs(
      fetchedToSee(this.#ctx.state.feed.messages).map((message) => message._id),
      { seen: true, read: false },
    );
  }

  /** The active store's feed identifiers (what "mark all" applies to by default). */
  activeFeeds(): string | string[] | undefined {
    return this.#feed.activeStore.query?.feedIdentifier;
  }

  markAllAsRead(feedIdentifier: string | string[] | undefined): Promise<number> {
    const apply = (message: InboxMessage) => applyMark(message, MARK_ALL_READ);
    const counts: CountChange =
      feedIdentifier === undefined ? { unseen: 'zero', unread: 'zero' } : this.deltaOf(apply);
    return this.mutate(apply, counts, (signal) => this.#ctx.api.markAllAsRead(feedIdentifier, { signal }));
  }

  markAllAsSeen(feedIdentifier: string | string[] | undefined): Promise<number> {
    const apply = (message: InboxMessage) => applyMark(message, MARK_ALL_SEEN);
    const counts: CountChange =
      feedIdentifier === undefined ? { unseen: 'zero' } : { unseen: this.deltaOf(apply).unseen };
    return this.mutate(apply, counts, (signal) => this.#ctx.api.markAllAsSeen(feedIdentifier, { signal }));
  }

  removeMessage(messageId: string): Promise<InboxMessage> {
    const apply = (message: InboxMessage) => (message._id === messageId ? null : message);
    return this.mutate(apply, this.deltaOf(apply), (signal) =>
      this.#ctx.api.removeMessage(messageId, { signal }),
    );
  }

  removeMessages(messageIds: readonly string[]): Promise<void> {
    const targets = ids(messageIds);
    if (targets.size === 0) return Promise.resolve();
    const apply = (message: InboxMessage) => (targets.has(message._id) ? null : message);
    return this.mutate(apply, this.deltaOf(apply), (signal) =>
      this.#ctx.api.removeMessages([...targets], { signal }),
    );
  }

  removeAllMessages(feedId?: string): Promise<void> {
    const apply = (message: InboxMessage) =>
      feedId === undefined || message._feedId === feedId ? null : message;
    const counts: CountChange =
      feedId === undefined ? { unseen: 'zero', unread: 'zero' } : this.deltaOf(apply);
    return this.mutate(apply, counts, (signal) => this.#ctx.api.removeAllMessages(feedId, { signal }));
  }

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
    return this.mutate(
      apply,
      {},
      (signal) => this.#ctx.api.updateAction(messageId, type, status, payload, { signal }),
      (stored) => [stored],
    );
  }
}
