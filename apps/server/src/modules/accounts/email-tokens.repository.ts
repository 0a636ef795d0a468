import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { EmailTokensTable } from '../../db/schema';
import { hashSecretToken, newSecretToken } from './tokens';

const MINUTE = 60_000;

/** How long each kind of mailed token works. */
export const EMAIL_TOKEN_TTL = {
  verify_email: 24 * 60 * MINUTE,
  reset_password: 30 * MINUTE,
  invitation: 7 * 24 * 60 * MINUTE,
} as const;
export type EmailTokenPurpose = keyof typeof EMAIL_TOKEN_TTL;

export type EmailTokenRow = Selectable<EmailTokensTable>;

export type NewEmailToken = {
  purpose: EmailTokenPurpose;
  email: string;
  userId: number | null;
  organizationId?: number | null;
  data?: Record<string, unknown>;
};

/**
 * Issues a token and returns it; only its hash is stored. Older unused tokens of the same purpose
 * for the same user (invitations: the same email and organisation) stop working.
 */
export async function issueEmailToken(db: Db, input: NewEmailToken, now: number): Promise<string> {
  const token = newSecretToken();
  const atomically = (work: (trx: Db) => Promise<void>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await atomically(async (trx) => {
    let older = trx
      .updateTable('emailTokens')
      .set({ usedAt: now })
      .where('purpose', '=', input.purpose)
      .where('usedAt', 'is', null);
    older =
      input.purpose === 'invitation'
        ? older.where('email', '=', input.email).where('organizationId', '=', input.organizationId ?? null)
        : input.userId === null
          ? older.where('email', '=', input.email)
          : older.where('userId', '=', input.userId);
    await older.execute();
    await trx
      .insertInto('emailTokens')
      .values({
        purpose: input.purpose,
        tokenHash: hashSecretToken(token),
        email: input.email,
        userId: input.userId,
        organizationId: input.organizationId ?? null,
        data: JSON.stringify(input.data ?? {}),
        expiresAt: now + EMAIL_TOKEN_TTL[input.purpose],
        createdAt: now,
      })
      .execute();
  });
  return token;
}

/** The token's row if it is of this purpose, unused and unexpired (nothing is changed). */
export async function findLiveEmailToken(
  db: Db,
  purpose: EmailTokenPurpose,
  token: string,
  now: number,
): Promise<EmailTokenRow | undefined> {
  return db
    .selectFrom('emailTokens')
    .selectAll()
    .where('tokenHash', '=', hashSecretToken(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

/**
 * Spends a token: one conditional UPDATE, so of two concurrent uses exactly one wins. Returns the
 * row when this call spent it, undefined when it was unknown, expired, already used or superseded.
 */
export async function consumeEmailToken(
  db: Db,
  purpose: EmailTokenPurpose,
  token: string,
  now: number,
): Promise<EmailTokenRow | undefined> {
  return db
    .updateTable('emailTokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', hashSecretToken(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Every unused token of this purpose for the user stops working (e.g. after a password change). */
export async function revokeEmailTokens(
  db: Db,
  purpose: EmailTokenPurpose,
  userId: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('emailTokens')
    .set({ usedAt: now })
    .where('purpose', '=', purpose)
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
}
