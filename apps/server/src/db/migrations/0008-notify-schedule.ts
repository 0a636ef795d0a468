import { type Kysely, sql } from 'kysely';

/**
 * The digest and delay engine. A waiting job is a `delayed` row of `notify_jobs` with
 * its due time in `run_at`, so a restart resumes every pending delay and digest. Added here:
 * - `merged_into`: a digest job that joined another's window points at that lead job;
 * - `digest_events`: the events a lead collected, written when it fires (JSON), read by the
 *   steps after it (`step.events`, `step.total_count`);
 * - the scheduler's pick-up (`run_at, id` of delayed jobs only), the digest lookups (open lead and
 *   recent events of a subscriber, workflow, step and digest key) and the lead's merged jobs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notify_jobs').addColumn('merged_into', 'bigint').execute();
  await db.schema.alterTable('notify_jobs').addColumn('digest_events', 'text').execute();
  await sql`create index notify_jobs_due_idx on notify_jobs (run_at, id) where status = 'delayed' and run_at is not null`.execute(
    db,
  );
  await sql`create index notify_jobs_digest_idx on notify_jobs (subscriber_id, workflow_id, step_id, created_at) where type = 'digest'`.execute(
    db,
  );
  await sql`create index notify_jobs_merged_into_idx on notify_jobs (merged_into) where merged_into is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['notify_jobs_merged_into_idx', 'notify_jobs_digest_idx', 'notify_jobs_due_idx']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.alterTable('notify_jobs').dropColumn('digest_events').execute();
  await db.schema.alterTable('notify_jobs').dropColumn('merged_into').execute();
}
