import type { NotifyDeps, NotifyQueue } from './notify.deps';
import { runDueJobs } from './wait-engine';

/** How often the in-process scheduler looks for due jobs. */
export const SCHEDULER_INTERVAL_MS = 1_000;

/**
 * The in-process scheduler: a timer that runs `runDueJobs` every `intervalMs` (with the app's
 * clock, so tests move the clock and call `tick()` instead of sleeping). Runs never overlap: a
 * `tick()` waits for the one in progress, then runs.
 */
export class NotifyScheduler {
  readonly #deps: Pick<NotifyDeps, 'db' | 'now' | 'log'> & Partial<Pick<NotifyDeps, 'features'>>;
  readonly #queue: NotifyQueue;
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    deps: Pick<NotifyDeps, 'db' | 'now' | 'log'> & Partial<Pick<NotifyDeps, 'features'>>,
    queue: NotifyQueue,
  ) {
    this.#deps = deps;
    this.#queue = queue;
  }

  start(intervalMs = SCHEDULER_INTERVAL_MS): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setInterval(() => {
      this.tick().catch((error: unknown) =>
        this.#deps.log.error({ err: error }, 'notification scheduler failed'),
      );
    }, intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer until the next `start` (this process no longer leads); `tick` still works. */
  pause(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Fires what is due now; resolves with how many waits fired. */
  tick(): Promise<number> {
    const run = this.#chain.then(() => (this.#closed ? 0 : runDueJobs(this.#deps, this.#queue)));
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /** Stops the timer and waits for a run in progress. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#chain;
  }
}
