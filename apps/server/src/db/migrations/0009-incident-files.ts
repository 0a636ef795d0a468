import type { Kysely } from 'kysely';
import { dialectOf, index, notNull, withId, withOrganization } from './dsl';

/**
 * Incident evidence: `files` holds the metadata of an uploaded file (its bytes live on
 * disk under DATA_DIR/files, named by their SHA-256, so the same bytes are stored once), attached
 * to an incident. A second index serves the incidents list sorted by SLA due time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withOrganization(withId(db.schema.createTable('files'), d))
    .addColumn('incident_id', 'bigint', (c) => c.references('incidents.id').onDelete('cascade'))
    .addColumn('station_id', 'bigint', (c) => c.references('stations.id').onDelete('cascade'))
    .addColumn('filename', 'text', notNull)
    .addColumn('content_type', 'text', notNull)
    .addColumn('size_bytes', 'bigint', notNull)
    .addColumn('sha256', 'text', notNull)
    .addColumn('uploaded_by_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await index(db, 'files', ['incident_id', 'created_at']);
  await index(db, 'files', ['sha256']);
  await index(db, 'incidents', ['organization_id', 'sla_due_at desc', 'id desc']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('incidents_organization_id_sla_due_at_id_idx').ifExists().execute();
  await db.schema.dropTable('files').ifExists().execute();
}
