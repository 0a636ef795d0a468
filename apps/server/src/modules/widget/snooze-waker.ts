import type { NotifyDeps } from '../notify/notify.deps';
import { wakeDueSnoozes } from './widget.repository';

/** How often due snoozes are looked for. */
export const SNOOZE_INTERVAL_MS = 1_000;

/**
 * Brings snoozed messages back when their time comes: the due time is the message's own
 * `snoozed_until` (persisted: after a restart the first tick wakes everything overdue). Each woken
 * message is unread and unseen again and reaches connected inboxes live as a new message (with
 * the counts after it). Runs never overlap; tests move the app clock and call `tick()`.
 */
export class SnoozeWaker {
  readonly #deps: Pick<NotifyDeps, 'db' | 'now' | 'log' | 'inbox'>;
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(deps: Pick<NotifyDeps, 'db' | 'now' | 'log' | 'inbox'>) {
    this.#deps = deps;
  }

  start(intervalMs = SNOOZE_INTERVAL_MS): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setInterval(() => {
      this.tick().catch((error: unknown) => this.#deps.log.error({ err: error }, 'snooze wake-up failed'));
    }, intervalMs);
    this.#timer.unref();
  }

  /** Wakes every snooze due now; resolves with how many messages came back. */
  tick(): Promise<number> {
    const run = this.#chain.then(async () => {
      let woken = 0;
      while (!this.#closed) {
        const batch = await wakeDueSnoozes(this.#deps.db, this.#deps.now());
        if (batch.length === 0) break;
        woken += batch.length;
        this.#deps.inbox.messagesDelivered(batch);
      }
      return woken;
    });
    this.#chain = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#chain;
  }
}
