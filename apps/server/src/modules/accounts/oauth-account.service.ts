import { ZEmail } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { recordAuditEvent } from '../audit/audit';
import type { ProviderAccount } from '../auth/oauth.service';
import { revokeAllSessions } from '../auth/sessions.service';
import {
  dropUnverifiedPassword,
  findActiveOrganizationId,
  findUserByEmail,
  insertUser,
  markEmailVerified,
} from './users.repository';

const unverified = () =>
  new AppError(
    'OAUTH_EMAIL_UNVERIFIED',
    'The provider has not verified this account’s email address. Verify it there, or sign in with your password.',
  );

/**
 * The user a provider sign-in belongs to. Accounts are matched by email address only, and only
 * when the provider verified it: an existing account is linked, a new address gets a new,
 * verified account without a password. An existing account whose address was never verified
 * loses its password and sessions: whoever set them never proved the mailbox, the provider's
 * user just did (so nobody can pre-register someone else's address and share their account).
 */
export async function userForProviderAccount(db: Db, account: ProviderAccount, now: number): Promise<number> {
  if (!account.emailVerified || account.email === null) throw unverified();
  const parsed = ZEmail.safeParse(account.email);
  if (!parsed.success) throw unverified();
  const email = parsed.data;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.disabledAt !== null) {
      throw new AppError('ACCOUNT_DISABLED', 'This account has been disabled. Ask your organisation admin.');
    }
    if (existing.emailVerifiedAt === null) {
      if (await dropUnverifiedPassword(db, existing.id, now)) await revokeAllSessions(db, existing.id);
      await markEmailVerified(db, existing.id, now);
      await audit(db, existing.id, account.provider, 'verified', now);
    }
    return existing.id;
  }
  const created = await insertUser(
    db,
    { email, passwordHash: null, firstName: account.firstName || email, lastName: account.lastName },
    now,
  );
  // undefined: a concurrent sign-in created the same address first; use that account.
  const userId = created ?? (await findUserByEmail(db, email))?.id;
  if (userId === undefined) throw new Error('userForProviderAccount: the account vanished');
  await markEmailVerified(db, userId, now);
  if (created !== undefined) await audit(db, userId, account.provider, 'created', now);
  return userId;
}

async function audit(db: Db, userId: number, provider: string, how: 'verified' | 'created', now: number) {
  await recordAuditEvent(db, {
    organizationId: await findActiveOrganizationId(db, userId),
    actorUserId: userId,
    action: 'user.signed_in_with_provider',
    target: `user:${userId}`,
    data: { provider, account: how },
    at: now,
  });
}
