import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import { dialectOf } from '../db/migrations/dsl';
import { ensureUpcomingPartitions } from '../db/partitions.repository';
import type { Leadership } from './leader';

/** How often the leader makes sure the coming months' partitions exist. */
export const PARTITION_MAINTENANCE_INTERVAL_MS = 6 * 3_600_000;

/**
 * PostgreSQL: the leader (one process of the cluster) creates the current month's and the next
 * months' partitions of the fact tables at once and then every few hours, so inserts land in
 * their month and not in the DEFAULT partition. Idempotent: months that exist are left alone.
 * Nothing on SQLite.
 */
export function registerPartitionMaintenance(
  app: FastifyInstance,
  options: { db: Db; now: () => number; leadership: Leadership; intervalMs?: number },
): void {
  const db = options.db as unknown as Kysely<unknown>;
  if (dialectOf(db) !== 'postgres') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = ensureUpcomingPartitions(db, options.now())
      .then((created) => {
        if (created.length > 0) app.log.info({ created }, 'partitions: created upcoming months');
      })
      .catch((error) => app.log.error({ err: error }, 'partitions: maintenance failed'));
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  app.addHook('onListen', async () => {
    options.leadership.follow({
      gained: () => {
        stop();
        run();
        timer = setInterval(run, options.intervalMs ?? PARTITION_MAINTENANCE_INTERVAL_MS);
        timer.unref();
      },
      lost: stop,
    });
  });
  app.addHook('preClose', async () => {
    stop();
    await running;
  });
}
