import type { Kysely } from 'kysely';
import { index } from './dsl';

/**
 * The audit trail shown on each record reads one target's entries newest first; this
 * index serves exactly that read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await index(db, 'audit_events', ['organization_id', 'target', 'at desc', 'id desc']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_events_organization_id_target_at_id_idx').ifExists().execute();
}
