import { AppError } from '../../lib/app-error';
import { recordAuditEvent } from '../audit/audit';
import { authContext } from '../auth/auth-context';
import { assertPasswordAcceptable, hashPassword } from '../auth/password';
import { endSessionsWithin, revokeAllSessions } from '../auth/sessions.service';
import { passwordChangedMail, passwordResetMail } from '../mail/templates';
import type { AccountsDeps } from './accounts.deps';
import {
  consumeEmailToken,
  findLiveEmailToken,
  issueEmailToken,
  revokeEmailTokens,
} from './email-tokens.repository';
import { findActiveOrganizationId, findUserByEmail, findUserById, setUserPassword } from './users.repository';

const invalid = () => new AppError('INVALID_TOKEN', 'This link is invalid, used or expired');

/**
 * Whether a reset request may mail a new link. Requests are never refused per account (that let
 * strangers block the owner's reset): the per-account budget limits the mails. Past it, no new link
 * is issued, so the last one mailed keeps working for the owner. A request from a browser the
 * account signed in from (known-device cookie) has its own budget and is mailed even while
 * strangers exhaust the account's. The answer is 202 either way and the checks touch no database,
 * so neither tells whether the address has an account.
 */
export async function mayMailReset(deps: AccountsDeps, email: string, device: string | undefined) {
  const known = await authContext(deps.db).loginLimiter.isKnownDevice(email, device, deps.clock());
  const wait = known
    ? await deps.limiters.resetPerDevice.hit(`${email}|${device}`)
    : await deps.limiters.resetPerEmail.hit(email);
  return wait === 0;
}

/**
 * Step 1: mail a reset link (30 min, single use; older links stop working). The route answers 202
 * before anything here runs, so neither the answer nor its timing depends on the address; an
 * unknown or disabled address simply gets no mail.
 */
export function requestPasswordReset(deps: AccountsDeps, email: string): void {
  deps.tasks.run('password reset request', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.disabledAt !== null) return;
    const now = deps.clock();
    const token = await issueEmailToken(deps.db, { purpose: 'reset_password', email, userId: user.id }, now);
    const organizationId = await findActiveOrganizationId(deps.db, user.id);
    const mail = passwordResetMail({ appUrl: deps.appUrl, name: user.firstName, token });
    await deps.mailer.sendMail({ to: email, organizationId, ...mail });
  });
}

/**
 * Step 2: set the new password with the mailed token. A weak password leaves the token usable so
 * the user can try again; success spends it (and any other reset link), revokes every session and
 * sends a "password changed" notice.
 */
export async function confirmPasswordReset(
  deps: AccountsDeps,
  token: string,
  password: string,
): Promise<void> {
  const live = await findLiveEmailToken(deps.db, 'reset_password', token, deps.clock());
  const user = live?.userId ? await findUserById(deps.db, live.userId) : undefined;
  if (!live || !user || user.email !== live.email || user.disabledAt !== null) throw invalid();
  await assertPasswordAcceptable(password, { email: user.email, name: `${user.firstName} ${user.lastName}` });
  const passwordHash = await hashPassword(password);
  const organizationId = await findActiveOrganizationId(deps.db, user.id);

  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeEmailToken(trx, 'reset_password', token, now))) throw invalid();
    await revokeEmailTokens(trx, 'reset_password', user.id, now);
    await setUserPassword(trx, user.id, passwordHash, now);
    // Sessions end in the same commit as the password: no sign-in with the old one survives it.
    await endSessionsWithin(trx, user.id, now);
    await recordAuditEvent(trx, {
      organizationId,
      actorUserId: user.id,
      action: 'user.password_reset',
      target: `user:${user.id}`,
      at: now,
    });
  });
  await revokeAllSessions(deps.db, user.id); // caches and live sockets of this process

  const mail = passwordChangedMail({ appUrl: deps.appUrl, name: user.firstName });
  deps.tasks.run('password changed mail', () =>
    deps.mailer.sendMail({ to: user.email, organizationId, ...mail }),
  );
}
