import type { Kysely } from 'kysely';
import { dialectOf, index, notNull, withId } from './dsl';

/**
 * Provider integrations of the notification platform: one row per configured provider
 * of an environment. Credentials are one JSON document, AES-256-GCM encrypted under the
 * notification key-encryption key (modules/notify/secrets.ts); `credential_keys` lists the keys
 * that hold a value so lists can say what is set without decrypting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db.schema.createTable('notify_integrations'), dialectOf(db))
    .addColumn('environment_id', 'bigint', (c) =>
      c.notNull().references('notify_environments.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('provider_id', 'text', notNull)
    .addColumn('channel', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('identifier', 'text', notNull)
    .addColumn('credentials_ciphertext', 'text', notNull)
    .addColumn('credential_keys', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'notify_integrations', ['environment_id', 'identifier'], { unique: true });
  await index(db, 'notify_integrations', ['environment_id', 'channel']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notify_integrations').ifExists().execute();
}
