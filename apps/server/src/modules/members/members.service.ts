import type { Db } from '../../db/database';
import { pageCount } from '../../db/paging';
import type { Caller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import type { AccountsDeps } from '../accounts/accounts.deps';
import { recordAuditEvent } from '../audit/audit';
import { forgetUserState } from '../auth/forget-user-state';
import { revokeAllSessions } from '../auth/sessions.service';
import { assertCanManage, effectiveScope, membershipValues } from './member-policy';
import { isMemberDisabled, presentMember } from './members.presenter';
import {
  countOtherActiveAdmins,
  findMember,
  listMembers,
  lockOrganization,
  type MemberRow,
  setMembershipDisabled,
  setUserDisabled,
  stationIdsOf,
  updateMembership,
} from './members.repository';
import type { TMember, TMemberList, TMemberListQuery, TMemberUpdate } from './members.schemas';

export async function getMemberList(db: Db, caller: Caller, query: TMemberListQuery): Promise<TMemberList> {
  const { rows, count, approximate } = await listMembers(db, caller.organizationId, query);
  const stations = await stationIdsOf(
    db,
    rows.filter((row) => !row.allStations).map((row) => row.id),
  );
  return {
    count,
    pages: pageCount(count, query.limit),
    ...(approximate ? { approximate } : {}),
    results: rows.map((row) => presentMember(row, stations)),
  };
}

export async function getMember(db: Db, organizationId: number, id: number): Promise<TMember> {
  const row = await findMember(db, organizationId, id);
  if (!row) throw notFound('Member');
  return presentMember(row, await stationIdsOf(db, [row.id]));
}

/**
 * Runs `change` in a transaction holding the organisation's row lock (PostgreSQL; SQLite runs one
 * writer at a time anyway), so two admins demoting each other cannot both pass the last-admin check.
 */
async function withMember<T>(
  db: Db,
  caller: Caller,
  id: number,
  change: (trx: Db, member: MemberRow) => Promise<T>,
): Promise<T> {
  const organizationId = caller.organizationId;
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId);
    const member = await findMember(trx, organizationId, id);
    if (!member) throw notFound('Member');
    return change(trx, member);
  });
}

async function assertNotLastAdmin(trx: Db, member: MemberRow, what: string): Promise<void> {
  const isActiveAdmin = member.role === 'admin' && member.status === 'active' && !isMemberDisabled(member);
  if (isActiveAdmin && (await countOtherActiveAdmins(trx, member.organizationId, member.id)) === 0) {
    throw new AppError('CONFLICT', `The organisation needs an admin: cannot ${what} its last admin`);
  }
}

/** Changes role, scope or stations. A role change without a scope resets the scope to the role's. */
export async function updateMember(
  deps: AccountsDeps,
  caller: Caller,
  id: number,
  body: TMemberUpdate,
): Promise<TMember> {
  const now = deps.clock();
  const userId = await withMember(deps.db, caller, id, async (trx, member) => {
    assertCanManage(caller, member);
    const role = body.role ?? (member.role as 'admin' | 'member');
    const roleChanged = role !== member.role;
    const current = member.allStations
      ? 'all'
      : ((await stationIdsOf(trx, [member.id])).get(member.id) ?? []);
    const values = await membershipValues(trx, caller, {
      role,
      // Admins hold the full scope: a stored custom one is dropped rather than kept.
      scope: body.scope !== undefined ? body.scope : roleChanged || role === 'admin' ? null : member.scope,
      stationIds: body.stationIds ?? (role === 'admin' ? 'all' : current),
    });
    if (member.role === 'admin' && role !== 'admin') await assertNotLastAdmin(trx, member, 'demote');
    await updateMembership(trx, member, values, now);
    await recordAuditEvent(trx, {
      organizationId: member.organizationId,
      actorUserId: caller.userId,
      action: 'member.updated',
      target: `membership:${member.id}`,
      data: {
        before: { role: member.role, scope: effectiveScope(member.role, member.scope), stationIds: current },
        after: {
          role: values.role,
          scope: effectiveScope(values.role, values.scope),
          stationIds: values.stationIds,
        },
      },
      at: now,
    });
    return member.userId;
  });
  forgetUserState(deps.db, userId);
  return getMember(deps.db, caller.organizationId, id);
}

/**
 * Disabling a member who joined disables their account and ends every session at once; disabling
 * an invited member withdraws the invitation and leaves the person's account alone (it may belong
 * to another organisation). The last active admin cannot be disabled.
 */
export async function setMemberDisabled(
  deps: AccountsDeps,
  caller: Caller,
  id: number,
  disabled: boolean,
): Promise<TMember> {
  const now = deps.clock();
  const member = await withMember(deps.db, caller, id, async (trx, member) => {
    assertCanManage(caller, member);
    if (disabled) await assertNotLastAdmin(trx, member, 'disable');
    if (isMemberDisabled(member) !== disabled) {
      await setMembershipDisabled(trx, member.id, disabled ? now : null, now);
      if (member.status === 'active') await setUserDisabled(trx, member.userId, disabled ? now : null, now);
      await recordAuditEvent(trx, {
        organizationId: member.organizationId,
        actorUserId: caller.userId,
        action: disabled ? 'member.disabled' : 'member.enabled',
        target: `membership:${member.id}`,
        data: { userId: member.userId, email: member.email, status: member.status },
        at: now,
      });
    }
    return member;
  });
  if (disabled && member.status === 'active') await revokeAllSessions(deps.db, member.userId);
  forgetUserState(deps.db, member.userId);
  return getMember(deps.db, caller.organizationId, id);
}
