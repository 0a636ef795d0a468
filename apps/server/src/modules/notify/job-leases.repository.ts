import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Leases on running notification jobs (migration 0015). A process that claims jobs to deliver
 * them marks them `running` with itself as `lease_owner` and a `lease_expires_at`; it renews the
 * lease while it works and settles the jobs when done. A job whose lease ran out belongs to a
 * process that died (or hung): it goes back to `queued` and is worked again; its side effects
 * stay single through their keys (one in-app message per job: `notify_messages.job_id` is unique;
 * one mail per job: its Message-ID is derived from the job).
 */

/** Renews the leases this process holds on `jobIds` (still running). Returns how many it still holds. */
export async function renewLeases(
  db: Db,
  owner: string,
  jobIds: readonly number[],
  expiresAt: number,
): Promise<number> {
  let held = 0;
  for (let start = 0; start < jobIds.length; start += 500) {
    const result = await db
      .updateTable('notifyJobs')
      .set({ leaseExpiresAt: expiresAt })
      .where('id', 'in', jobIds.slice(start, start + 500))
      .where('status', '=', 'running')
      .where('leaseOwner', '=', owner)
      .executeTakeFirst();
    held += Number(result.numUpdatedRows);
  }
  return held;
}

/**
 * Running jobs whose lease expired at `now` (or that carry none: left by a version without
 * leases) go back to `queued`. Returns the events they belong to, for the queue.
 */
export async function requeueExpiredLeases(db: Db, now: number): Promise<number[]> {
  const rows = await db
    .updateTable('notifyJobs')
    .set({ status: 'queued', leaseOwner: null, leaseExpiresAt: null, updatedAt: now })
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('leaseExpiresAt', 'is', null), eb('leaseExpiresAt', '<=', now)]))
    .returning('eventId')
    .execute();
  return [...new Set(rows.map((row) => row.eventId))];
}

/** Ends this process's leases at once (shutdown): another process takes the jobs without waiting. */
export async function releaseLeases(db: Db, owner: string, now: number): Promise<void> {
  await db
    .updateTable('notifyJobs')
    .set({ leaseExpiresAt: now })
    .where('status', '=', 'running')
    .where('leaseOwner', '=', owner)
    .execute();
}

/** Events that still have queued jobs, oldest first. */
export async function eventsWithQueuedJobs(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('notifyJobs')
    .select('eventId')
    .distinct()
    .where(sql<boolean>`status = 'queued'`)
    .orderBy('eventId')
    .execute();
  return rows.map((row) => row.eventId);
}
