import type { SessionCaller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import { verificationMail } from '../mail/templates';
import type { AccountsDeps } from './accounts.deps';
import { consumeEmailToken, issueEmailToken } from './email-tokens.repository';
import { findActiveOrganizationId, findUserById, markEmailVerified } from './users.repository';

/** Spends a verification token (24 h, single use) and marks its user's email as verified. */
export async function verifyEmail(deps: AccountsDeps, token: string): Promise<void> {
  const now = deps.clock();
  const spent = await consumeEmailToken(deps.db, 'verify_email', token, now);
  const user = spent?.userId ? await findUserById(deps.db, spent.userId) : undefined;
  // A token is for the address it was mailed to: it proves nothing about any other address.
  if (!spent || !user || user.email !== spent.email) {
    throw new AppError('INVALID_TOKEN', 'This link is invalid, used or expired');
  }
  await markEmailVerified(deps.db, user.id, now);
}

/**
 * Mails the signed-in user a new verification link; older links stop working. A user whose
 * email is already verified gets nothing (the answer is the same).
 */
export async function retryVerification(deps: AccountsDeps, caller: SessionCaller): Promise<void> {
  const user = await findUserById(deps.db, caller.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  if (user.emailVerifiedAt !== null) return;
  const token = await issueEmailToken(
    deps.db,
    { purpose: 'verify_email', email: user.email, userId: user.id },
    deps.clock(),
  );
  const organizationId = await findActiveOrganizationId(deps.db, user.id);
  const mail = verificationMail({ appUrl: deps.appUrl, name: user.firstName, token });
  deps.tasks.run('verification mail', () =>
    deps.mailer.sendMail({ to: user.email, organizationId, ...mail }),
  );
}
