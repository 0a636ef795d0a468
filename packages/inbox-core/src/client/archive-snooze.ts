import type { InboxMessage } from '../types';
import type { ClientContext } from './context';
import type { CountChange } from './counts';
import type { MessageChanges } from './message-changes';

/**
 * Moving messages between the inbox, the archive and the snoozed list: the message leaves the
 * shown list at once (and the inbox counts when it leaves the inbox), rolled back on refusal.
 */
export class ArchiveSnooze {
  readonly #ctx: ClientContext;
  readonly #changes: MessageChanges;

  constructor(ctx: ClientContext, changes: MessageChanges) {
    this.#ctx = ctx;
    this.#changes = changes;
  }

  /** The loaded message leaves the view at once (it belongs to another view now). */
  #leave(
    messageId: string,
    run: (signal: AbortSignal) => Promise<void>,
    counts?: CountChange,
  ): Promise<void> {
    const apply = (message: InboxMessage) => (message._id === messageId ? null : message);
    return this.#changes.mutate(apply, counts ?? {}, run);
  }

  /** Counts change only when the message leaves the inbox (not the archive or the snoozed list). */
  #inboxDelta(messageId: string): CountChange {
    return this.#ctx.state.view === 'inbox'
      ? this.#changes.deltaOf((message) => (message._id === messageId ? null : message))
      : {};
  }

  archive(messageId: string): Promise<void> {
    return this.#leave(
      messageId,
      (signal) => this.#ctx.api.changeMessage(messageId, 'archive', { signal }),
      this.#inboxDelta(messageId),
    );
  }

  unarchive(messageId: string): Promise<void> {
    return this.#leave(messageId, (signal) =>
      this.#ctx.api.changeMessage(messageId, 'unarchive', { signal }),
    );
  }

  snooze(messageId: string, until: Date): Promise<void> {
    return this.#leave(
      messageId,
      (signal) => this.#ctx.api.snooze(messageId, until, { signal }),
      this.#inboxDelta(messageId),
    );
  }

  unsnooze(messageId: string): Promise<void> {
    return this.#leave(messageId, (signal) => this.#ctx.api.changeMessage(messageId, 'unsnooze', { signal }));
  }

  archiveAllRead(): Promise<void> {
    const inbox = this.#ctx.state.view === 'inbox';
    const apply = (message: InboxMessage) => (inbox && message.read ? null : message);
    return this.#changes.mutate(apply, this.#changes.deltaOf(apply), (signal) =>
      this.#ctx.api.archiveAllRead({ signal }),
    );
  }
}
