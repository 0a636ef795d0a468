import type { Caller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import { findUserByEmail, findUserById, insertUser, issueEmailToken } from '../accounts/accounts';
import type { AccountsDeps } from '../accounts/accounts.deps';
import { recordAuditEvent } from '../audit/audit';
import { invitationMail } from '../mail/templates';
import { membershipValues } from './member-policy';
import {
  findMemberByUser,
  findOrganizationName,
  insertMembership,
  setMembershipDisabled,
  updateMembership,
} from './members.repository';
import type { TInvitationRequest, TMember } from './members.schemas';
import { getMember } from './members.service';

/**
 * Invites someone by email. The invitation is a membership with status `invited` (so admins see
 * and edit it in the member list before it is accepted) plus a single-use `invitation` token that
 * is mailed as the signupToken. An address without an account gets a placeholder user with no
 * password; inviting again renews the token (older ones stop working) and the role and stations.
 * Someone who is already an active member of this organisation: 409 CONFLICT.
 */
export async function inviteMember(
  deps: AccountsDeps,
  caller: Caller,
  body: TInvitationRequest,
): Promise<TMember> {
  const organizationId = caller.organizationId;
  const now = deps.clock();
  const values = await membershipValues(deps.db, caller, {
    role: body.role,
    scope: body.scope ?? null,
    stationIds: body.stationIds ?? (body.role === 'admin' ? 'all' : []),
  });

  const { membershipId, token } = await deps.db.transaction().execute(async (trx) => {
    let userId = (await findUserByEmail(trx, body.email))?.id;
    if (userId === undefined) {
      userId = await insertUser(
        trx,
        { email: body.email, passwordHash: null, firstName: '', lastName: '' },
        now,
      );
      if (userId === undefined) throw new AppError('CONFLICT', 'This person is being invited right now');
    }
    const existing = await findMemberByUser(trx, organizationId, userId);
    if (existing && existing.status !== 'invited') {
      throw new AppError('CONFLICT', 'This person is already a member of the organisation');
    }
    let membershipId: number;
    if (existing) {
      membershipId = existing.id;
      await updateMembership(trx, existing, values, now);
      await setMembershipDisabled(trx, existing.id, null, now);
    } else {
      membershipId = await insertMembership(
        trx,
        { ...values, organizationId, userId, status: 'invited' },
        now,
      );
    }
    const token = await issueEmailToken(
      trx,
      {
        purpose: 'invitation',
        email: body.email,
        userId,
        organizationId,
        data: { membershipId, ...values, invitedBy: caller.userId },
      },
      now,
    );
    await recordAuditEvent(trx, {
      organizationId,
      actorUserId: caller.userId,
      action: 'member.invited',
      target: `membership:${membershipId}`,
      data: { email: body.email, ...values, renewed: existing !== undefined },
      at: now,
    });
    return { membershipId, token };
  });

  const inviter = caller.userId === null ? undefined : await findUserById(deps.db, caller.userId);
  const organization = await findOrganizationName(deps.db, organizationId);
  const mail = invitationMail({
    appUrl: deps.appUrl,
    token,
    organizationName: organization.name,
    inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}` : '',
    role: values.role,
  });
  // The admins who invite may read the invitation in the Mailbox (to pass the link on without mail):
  // it only lets someone join with this address, it opens no existing account.
  deps.tasks.run('invitation mail', () =>
    deps.mailer.sendMail({ to: body.email, organizationId, organizationReadsBody: true, ...mail }),
  );
  return getMember(deps.db, organizationId, membershipId);
}
