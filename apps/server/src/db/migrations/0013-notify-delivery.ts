import type { Kysely } from 'kysely';
import { dialectOf, partialIndex, withId } from './dsl';

/**
 * Delivery through vendor adapters. `notify_delivery_attempts` holds one row per send
 * to a provider — a job's attempt through one integration (and, for chat, one webhook), or a test
 * send — written right after the vendor answered, before the job is settled. It is the "sent"
 * marker: a job re-run after a crash between send and settle settles from it instead of sending
 * again. Its unsettled rows become execution details when the job settles; the newest row of an
 * integration is the "last delivery" the integrations screen shows. Retries reuse the job's
 * `attempts` and `run_at` (a channel job waiting for its next attempt is `delayed`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await withId(db.schema.createTable('notify_delivery_attempts'), dialect)
    .addColumn('organization_id', 'bigint', (col) => col.notNull())
    .addColumn('environment_id', 'bigint', (col) => col.notNull())
    .addColumn('integration_id', 'bigint', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    .addColumn('job_id', 'bigint')
    .addColumn('send_key', 'text', (col) => col.notNull())
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('kind', 'text')
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('raw', 'text')
    .addColumn('vendor_message_id', 'text')
    .addColumn('retry_after_ms', 'bigint')
    .addColumn('settled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await partialIndex(
    db,
    'notify_delivery_attempts_job_idx',
    'notify_delivery_attempts',
    ['job_id'],
    'job_id is not null',
  );
  await db.schema
    .createIndex('notify_delivery_attempts_integration_idx')
    .on('notify_delivery_attempts')
    .columns(['integration_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notify_delivery_attempts').ifExists().execute();
}
