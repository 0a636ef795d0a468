import type { Kysely } from 'kysely';

/**
 * Session generations (docs/DECISIONS.md, "Hardening"): a per-user counter raised by every
 * revocation (logout, password reset, disabling). Access tokens, refresh tokens and inbox
 * sessions of dashboard users carry the generation they were issued under and stop working when
 * it moves on, whatever the clock says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('session_cutoffs')
    .addColumn('generation', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('refresh_tokens')
    .addColumn('generation', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('generation').execute();
  await db.schema.alterTable('session_cutoffs').dropColumn('generation').execute();
}
