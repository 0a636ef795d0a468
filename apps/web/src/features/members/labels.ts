import type { TMember, TRole } from '@forecourt/contracts';

export const ROLE_LABELS: Record<TRole, string> = { admin: 'Admin', member: 'Member' };

export const ROLE_DESCRIPTIONS: Record<TRole, string> = {
  admin: 'Every station; manages members and settings',
  member: 'The stations chosen below; runs incidents and requests',
};

export function memberName(member: TMember): string | null {
  const name = `${member.firstName ?? ''} ${member.lastName ?? ''}`.trim();
  return name || null;
}

export type TMemberStatus = 'active' | 'invited' | 'disabled';

export function memberStatus(member: TMember): TMemberStatus {
  if (member.disabled) return 'disabled';
  if (member.status === 'invited') return 'invited';
  return 'active';
}

export const STATUS_BADGES: Record<TMemberStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  invited: { label: 'Invited', color: 'yellow' },
  disabled: { label: 'Disabled', color: 'red' },
};
