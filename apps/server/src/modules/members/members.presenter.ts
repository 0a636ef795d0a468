import type { TRole } from '@forecourt/contracts';
import { effectiveScope } from './member-policy';
import type { MemberRow } from './members.repository';
import type { TMember } from './members.schemas';

/** Disabled by this organisation, or (for someone who joined) an account that is disabled. */
export function isMemberDisabled(row: MemberRow): boolean {
  return row.disabledAt !== null || (row.status === 'active' && row.userDisabledAt !== null);
}

export function presentMember(row: MemberRow, stationIds: Map<number, number[]>): TMember {
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as TRole,
    scope: effectiveScope(row.role, row.scope),
    status: row.status as TMember['status'],
    stationIds: row.allStations ? 'all' : (stationIds.get(row.id) ?? []),
    disabled: isMemberDisabled(row),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
