import type { FastifyBaseLogger } from 'fastify';
import type { NotifyQueue } from './notify.deps';

/**
 * The in-process job queue: triggers (event ids) are worked one at a time, in arrival order, on
 * the process that accepted them. The jobs themselves live in `notify_jobs` with their job
 * statuses, so a restart picks up what was queued (see `pendingEventIds`). With REDIS_URL,
 * `bullmq-queue.ts` implements the same interface and every process shares the work.
 */
export class InProcessQueue implements NotifyQueue {
  readonly #pending = new Set<number>();
  readonly #idle: (() => void)[] = [];
  readonly #work: (eventId: number) => Promise<void>;
  readonly #log: FastifyBaseLogger;
  #running = false;
  #closed = false;

  readonly #consume: boolean;

  /**
   * `consume: false` (a process without the worker role): nothing runs here; the jobs stay
   * `queued` rows that a worker process's lease sweep picks up.
   */
  constructor(
    work: (eventId: number) => Promise<void>,
    log: FastifyBaseLogger,
    options: { consume?: boolean } = {},
  ) {
    this.#work = work;
    this.#log = log;
    this.#consume = options.consume !== false;
  }

  enqueue(eventId: number): void {
    if (this.#closed || !this.#consume) return;
    this.#pending.add(eventId);
    if (this.#running) return;
    this.#running = true;
    setImmediate(() => void this.#loop());
  }

  async #loop(): Promise<void> {
    while (this.#pending.size > 0) {
      const eventId = this.#pending.values().next().value as number;
      this.#pending.delete(eventId);
      try {
        await this.#work(eventId);
      } catch (error) {
        this.#log.error({ err: error, eventId }, 'notification work failed');
      }
    }
    this.#running = false;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  drain(): Promise<void> {
    if (!this.#running && this.#pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Takes no more work and waits for what is running. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.drain();
  }
}
