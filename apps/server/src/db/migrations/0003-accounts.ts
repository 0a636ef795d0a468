import type { Kysely } from 'kysely';
import { dialectOf, index, notNull, withId } from './dsl';

/**
 * Accounts: a per-membership disabled flag, single-use email tokens (verification, password reset, invitation) stored only as
 * SHA-256 hashes, the embedded outbox that keeps sent mail when no SMTP server is configured, and
 * a generic audit trail of who changed what.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  const s = db.schema;

  // A membership can be disabled on its own: an organisation withdraws an invitation, or turns off
  // a member, without touching the person's account in other organisations.
  await s.alterTable('memberships').addColumn('disabled_at', 'bigint').execute();

  await withId(s.createTable('email_tokens'), d)
    .addColumn('purpose', 'text', notNull)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', notNull)
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'bigint', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await index(db, 'email_tokens', ['purpose', 'email']);
  await index(db, 'email_tokens', ['user_id']);
  await index(db, 'email_tokens', ['organization_id']);

  await withId(s.createTable('outbox'), d)
    .addColumn('organization_id', 'bigint', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('recipient', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('text_body', 'text', notNull)
    .addColumn('html_body', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await index(db, 'outbox', ['recipient', 'created_at desc', 'id desc']);
  await index(db, 'outbox', ['organization_id', 'created_at desc', 'id desc']);

  await withId(s.createTable('audit_events'), d)
    .addColumn('organization_id', 'bigint', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', notNull)
    .addColumn('target', 'text', notNull)
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('at', 'bigint', notNull)
    .execute();
  await index(db, 'audit_events', ['organization_id', 'at desc', 'id desc']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_events', 'outbox', 'email_tokens']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('memberships').dropColumn('disabled_at').execute();
}
