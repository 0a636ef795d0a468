import { type Kysely, sql } from 'kysely';

/**
 * Leases on notification jobs: a job a process is delivering (`running`) carries the
 * process that holds it (`lease_owner`) and until when (`lease_expires_at`, epoch ms); the holder
 * renews the lease while it works. A starting process re-queues only running jobs whose lease has
 * expired (their process died), never those of a live process; the lease sweeper does the same
 * while running. The partial index serves that lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notify_jobs').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('notify_jobs').addColumn('lease_expires_at', 'bigint').execute();
  await sql`create index notify_jobs_lease_idx on notify_jobs (lease_expires_at) where status = 'running'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notify_jobs_lease_idx').ifExists().execute();
  await db.schema.alterTable('notify_jobs').dropColumn('lease_expires_at').execute();
  await db.schema.alterTable('notify_jobs').dropColumn('lease_owner').execute();
}
