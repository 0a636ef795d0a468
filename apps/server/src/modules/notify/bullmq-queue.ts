import type { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { bullmq, ioredis } from '../../lib/redis-packages';
import type { NotifyQueue } from './notify.deps';

/** The BullMQ queue that carries trigger work (`notify_events.id`s). */
export const BULLMQ_QUEUE_NAME = 'notify-events';

export type BullMqQueueOptions = {
  /** `redis://…` or `rediss://…` (REDIS_URL). */
  url: string;
  /** Key prefix of the queue in Redis (default `forecourt`): deployments sharing a Redis differ here. */
  prefix?: string | undefined;
  /** Events worked at once by this process (default 1, like the in-process queue). */
  concurrency?: number;
  /** Work jobs here (default true); false: only add them (a process without the worker role). */
  consume?: boolean;
};

const STARTUP_TIMEOUT_MS = 10_000;

/**
 * The job queue on Redis (BullMQ), chosen when `REDIS_URL` is set: the same interface as the
 * in-process queue, but every process with the same Redis shares the work. The jobs themselves
 * stay rows in `notify_jobs` (with their job statuses); a BullMQ job carries only the event id and
 * the worker runs `processEvent`, which claims the event's queued rows (PostgreSQL: `for update
 * skip locked`), so an event worked twice at once or again later does nothing twice.
 *
 * One BullMQ job per event at most waits while another for the same event runs (deduplication
 * with `keepLastIfActive`): an enqueue during a run is worked after it, as in process. Delays and
 * digests stay with the scheduler (`scheduler.ts`), which enqueues here when a wait fires.
 * A failed run is retried three times (1 s, 2 s, 4 s); rows it left `queued` are also picked up at
 * the next start (`pendingEventIds`). Jobs are removed from Redis once done.
 */
export class BullMqQueue implements NotifyQueue {
  readonly #connection: Redis;
  readonly #queue: Queue<{ eventId: number }>;
  readonly #worker: Worker<{ eventId: number }> | null;
  readonly #log: FastifyBaseLogger;
  readonly #adding = new Set<Promise<unknown>>();
  #closed = false;
  #started = false;
  /** Events this process's worker ran (tests and logs). */
  processed = 0;

  constructor(work: (eventId: number) => Promise<void>, log: FastifyBaseLogger, options: BullMqQueueOptions) {
    this.#log = log;
    // BullMQ wants `maxRetriesPerRequest: null` (commands wait for a reconnect instead of failing).
    this.#connection = new (ioredis().Redis)(options.url, { maxRetriesPerRequest: null, lazyConnect: true });
    this.#connection.on('error', (error) => log.warn({ err: error }, 'redis connection error'));
    const prefix = options.prefix ?? 'forecourt';
    this.#queue = new (bullmq().Queue)(BULLMQ_QUEUE_NAME, { connection: this.#connection, prefix });
    this.#queue.on('error', (error) => log.error({ err: error }, 'notification queue error'));
    if (options.consume === false) {
      this.#worker = null;
      return;
    }
    // A running job holds BullMQ's lock (30 s, renewed while it runs): another process takes it
    // only once the lock lapses (its process died), through BullMQ's stalled-job check.
    this.#worker = new (bullmq().Worker)<{ eventId: number }>(
      BULLMQ_QUEUE_NAME,
      async (job) => {
        await work(job.data.eventId);
        this.processed += 1;
      },
      {
        // The worker's blocking connection is its own duplicate of this one.
        connection: this.#connection,
        prefix,
        concurrency: options.concurrency ?? 1,
        autorun: false,
      },
    );
    this.#worker.on('error', (error) => log.error({ err: error }, 'notification worker error'));
    this.#worker.on('failed', (job, error) =>
      log.error(
        { err: error, eventId: job?.data.eventId, attempt: job?.attemptsMade },
        'notification work failed',
      ),
    );
  }

  /**
   * Connects and starts working (onReady). Fails when Redis does not answer within 10 s, so a
   * misconfigured REDIS_URL stops the start instead of leaving triggers unworked.
   */
  async start(): Promise<void> {
    this.#started = true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`REDIS_URL: no answer from Redis within ${STARTUP_TIMEOUT_MS / 1000} s`)),
        STARTUP_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([
        (async () => {
          if (this.#connection.status === 'wait') await this.#connection.connect();
          await this.#queue.waitUntilReady();
          await this.#worker?.waitUntilReady();
        })(),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
    void this.#worker
      ?.run()
      .catch((error: unknown) => this.#log.error({ err: error }, 'notification worker stopped'));
  }

  enqueue(eventId: number): void {
    if (this.#closed) return;
    const adding = this.#queue
      .add(
        'event',
        { eventId },
        {
          deduplication: { id: `event:${eventId}`, keepLastIfActive: true },
          attempts: 4,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: true,
          removeOnFail: 1_000,
        },
      )
      .catch((error: unknown) =>
        // The rows stay `queued` in notify_jobs: the next start (or a later enqueue) works them.
        this.#log.error({ err: error, eventId }, 'could not queue notification work on Redis'),
      );
    this.#adding.add(adding);
    void adding.finally(() => this.#adding.delete(adding));
  }

  /** The BullMQ jobs on Redis by state. */
  counts(): Promise<Record<'waiting' | 'active' | 'delayed' | 'completed' | 'failed', number>> {
    return this.#queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed') as Promise<
      Record<'waiting' | 'active' | 'delayed' | 'completed' | 'failed', number>
    >;
  }

  /** Resolves when the queue on Redis has nothing waiting, delayed (retries) or running. */
  async drain(): Promise<void> {
    for (;;) {
      await Promise.all([...this.#adding]);
      const counts = await this.#queue.getJobCounts(
        'waiting',
        'active',
        'delayed',
        'prioritized',
        'waiting-children',
      );
      const busy = Object.values(counts).reduce((sum, n) => sum + n, 0);
      if (busy === 0 && this.#adding.size === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * Takes no more work, lets the running event finish (what is still waiting stays on Redis for
   * the other processes or the next start), then closes the worker, the queue and the connection.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#adding]);
    if (!this.#started) {
      // Never connected (the app closed before it was ready): nothing to hand back.
      this.#connection.disconnect();
      return;
    }
    await this.#worker?.close();
    await this.#queue.close();
    await this.#connection.quit().catch(() => this.#connection.disconnect());
  }
}
