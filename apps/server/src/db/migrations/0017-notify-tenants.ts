import type { Kysely } from 'kysely';
import { dialectOf, index, notNull, withId } from './dsl';

/**
 * Tenants of the notification platform (issue 18): one row per environment and identifier, with
 * a name and free JSON data. A trigger naming a tenant reads it here; templates see it as
 * `tenant` (`{{tenant.name}}`, `{{tenant.data.colour}}`).
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notify_tenants').ifExists().execute();
}
