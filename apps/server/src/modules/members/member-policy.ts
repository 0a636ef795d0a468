import {
  compactScope,
  expandScope,
  ROLE_SCOPES,
  SCOPE_LETTERS,
  SCOPE_RESOURCES,
  type TRole,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import { type MembershipValues, ownStationIds } from './members.repository';
import type { TStationAccess } from './members.schemas';

const ENTRY = new RegExp(`^(${SCOPE_RESOURCES.join('|')}):([${SCOPE_LETTERS.join('')}]+)$`);

/**
 * A custom scope in canonical form. Every entry must be `resource:letters` with a resource of
 * SCOPE_RESOURCES and letters from c, r, u, d; anything else is a 400 naming the bad entries.
 */
export function parseScope(scope: string): string {
  const entries = scope.split(/\s+/).filter((entry) => entry.length > 0);
  const bad = entries.filter((entry) => !ENTRY.test(entry));
  if (bad.length > 0) {
    throw new AppError('VALIDATION_FAILED', `Invalid scope entries: ${bad.join(', ')}`, [
      { path: 'scope', message: `unknown resource or letters in ${bad.join(', ')}` },
    ]);
  }
  return compactScope(expandScope(entries.join(' ')));
}

/** The scope a membership grants: its custom scope, else its role's. */
export function effectiveScope(role: string, scope: string | null): string {
  return scope ?? ROLE_SCOPES[role as TRole] ?? '';
}

/**
 * Checks the role, scope and stations an admin wants to give and returns what to store:
 * admins always hold every grant and every station; nobody can hand out a grant or a station (or
 * the admin role) they do not hold themselves; every station id must be one of the organisation's
 * (404).
 */
export async function membershipValues(
  db: Db,
  caller: Caller,
  wanted: { role: TRole; scope: string | null; stationIds: TStationAccess },
): Promise<MembershipValues> {
  const organizationId = caller.organizationId;
  if (wanted.role === 'admin') {
    if (wanted.scope !== null) {
      throw new AppError('VALIDATION_FAILED', 'Admins hold every grant; leave scope empty', [
        { path: 'scope', message: 'must be empty for admins' },
      ]);
    }
    if (wanted.stationIds !== 'all') {
      throw new AppError('VALIDATION_FAILED', 'Admins see every station', [
        { path: 'stationIds', message: 'must be "all" for admins' },
      ]);
    }
    if (caller.role !== 'admin') throw new AppError('FORBIDDEN', 'Only admins can make admins');
  }
  const scope = wanted.scope === null ? null : parseScope(wanted.scope);
  const missing = [...expandScope(effectiveScope(wanted.role, scope))].filter((g) => !caller.grants.has(g));
  if (missing.length > 0) {
    throw new AppError('FORBIDDEN', `You cannot grant what you do not hold: ${missing.join(', ')}`);
  }
  if (wanted.stationIds !== 'all') {
    const own = await ownStationIds(db, organizationId, wanted.stationIds);
    if (wanted.stationIds.some((id) => !own.has(id)))
      throw new AppError('NOT_FOUND', 'Station was not found');
  }
  const visible = caller.stationIds;
  if (
    visible !== 'all' &&
    (wanted.stationIds === 'all' || wanted.stationIds.some((id) => !visible.includes(id)))
  ) {
    throw new AppError('FORBIDDEN', 'You cannot give access to stations you cannot see yourself');
  }
  return { role: wanted.role, scope, stationIds: wanted.stationIds };
}

/** Only admins change or disable an admin. */
export function assertCanManage(caller: Caller, member: { role: string }): void {
  if (member.role === 'admin' && caller.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Only admins can change an admin');
  }
}
