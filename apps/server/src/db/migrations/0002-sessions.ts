import type { Kysely } from 'kysely';
import { dialectOf, index, notNull, withId } from './dsl';

/**
 * Sessions: the token-signing secret shared by every process, refresh-token families (only the
 * SHA-256 of each token is stored) and the per-user cut-off that revokes earlier access tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  const s = db.schema;

  await s
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await withId(s.createTable('refresh_tokens'), d)
    .addColumn('family_id', 'text', notNull)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'bigint', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('used_at', 'bigint')
    .addColumn('replaced_by', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await index(db, 'refresh_tokens', ['user_id']);
  await index(db, 'refresh_tokens', ['family_id']);

  await s
    .createTable('session_cutoffs')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tokens_valid_after', 'bigint', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['session_cutoffs', 'refresh_tokens', 'app_secrets']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
