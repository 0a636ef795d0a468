import type { Kysely } from 'kysely';
import { dialectOf, index, notNull, withId } from './dsl';

/**
 * Tenants of the notification platform: one row per environment and identifier, with
 * a name and free JSON data. A trigger naming a tenant reads it here; templates see it as
 * `tenant` (`{{tenant.name}}`, `{{tenant.data.colour}}`). Also `notify_events.source`: where a
 * trigger came from (web, cli, vercel).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db.schema.createTable('notify_tenants'), dialectOf(db))
    .addColumn('environment_id', 'bigint', (c) =>
      c.notNull().references('notify_environments.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('identifier', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'notify_tenants', ['environment_id', 'identifier'], { unique: true });
  await index(db, 'notify_tenants', ['environment_id', 'created_at desc', 'id desc']);
  // Where a trigger came from (web, cli, vercel); null for plain API calls.
  await db.schema.alterTable('notify_events').addColumn('source', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notify_events').dropColumn('source').execute();
  await db.schema.dropTable('notify_tenants').ifExists().execute();
}
