import type { TSignupRequest, TTokenPair } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { recordAuditEvent } from '../audit/audit';
import { forgetUserState } from '../auth/forget-user-state';
import { assertPasswordAcceptable, hashPassword, verifyPassword } from '../auth/password';
import { issueTokens } from '../auth/sessions.service';
import type { AccountsDeps } from './accounts.deps';
import { consumeEmailToken, findLiveEmailToken } from './email-tokens.repository';
import {
  findActiveOrganizationId,
  findUserByEmail,
  markEmailVerified,
  setUserName,
  setUserPassword,
} from './users.repository';

const invalid = () => new AppError('INVALID_INVITATION', 'This invitation is invalid, used or expired');

/**
 * Signup with an invitation: the signupToken must be a live invitation for exactly this email.
 * - Someone without an account (the placeholder the invitation created) sets a password and names
 *   here; their email counts as verified, since the token came by mail.
 * - Someone who already has an account accepts by signing in: the password must be that
 *   account's (401 INVALID_CREDENTIALS otherwise); names in the body are ignored. An account that
 *   already belongs to an organisation cannot join a second one (409 CONFLICT).
 * The token is spent with one conditional UPDATE in the same transaction that activates the
 * membership, so an invitation is accepted at most once.
 */
export async function signUpWithInvitation(
  deps: AccountsDeps,
  input: TSignupRequest & { signupToken: string },
): Promise<TTokenPair> {
  const { db } = deps;
  const invitation = await findLiveEmailToken(db, 'invitation', input.signupToken, deps.clock());
  if (!invitation || invitation.email !== input.email || invitation.organizationId === null) throw invalid();
  const organizationId = invitation.organizationId;
  const user = await findUserByEmail(db, input.email);
  const member = user && (await deps.memberships.findMemberByUser(db, organizationId, user.id));
  if (!user || !member || member.status !== 'invited' || member.disabledAt !== null) throw invalid();

  let passwordHash: string | null = null;
  if (user.passwordHash === null) {
    if (user.disabledAt !== null) throw invalid();
    await assertPasswordAcceptable(input.password, {
      email: input.email,
      name: `${input.firstName} ${input.lastName}`,
    });
    passwordHash = await hashPassword(input.password);
  } else {
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw new AppError('INVALID_CREDENTIALS', 'This email has an account: enter its password to accept');
    }
    if (user.disabledAt !== null) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled');
  }

  const now = deps.clock();
  await db.transaction().execute(async (trx: Db) => {
    if ((await findActiveOrganizationId(trx, user.id)) !== null) {
      throw new AppError('CONFLICT', 'This account already belongs to an organisation');
    }
    if (!(await consumeEmailToken(trx, 'invitation', input.signupToken, now))) throw invalid();
    if (!(await deps.memberships.activateMembership(trx, member.id, now))) throw invalid();
    if (passwordHash !== null) {
      await setUserName(trx, user.id, input.firstName, input.lastName);
      await setUserPassword(trx, user.id, passwordHash, now);
    } else {
      await markEmailVerified(trx, user.id, now);
    }
    await recordAuditEvent(trx, {
      organizationId,
      actorUserId: user.id,
      action: 'member.joined',
      target: `membership:${member.id}`,
      data: { email: input.email, existingAccount: passwordHash === null },
      at: now,
    });
  });
  forgetUserState(db, user.id);
  const { access_token, refresh_token } = await issueTokens(db, user.id, { organizationId });
  return { access_token, refresh_token };
}
