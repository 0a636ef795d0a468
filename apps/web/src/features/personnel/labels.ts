import type { TPersonnelRole, TPersonnelStatus, TShift } from '@forecourt/contracts';

export const PERSONNEL_ROLE_LABELS: Record<TPersonnelRole, string> = {
  manager: 'Manager',
  supervisor: 'Supervisor',
  attendant: 'Attendant (DSM)',
  cashier: 'Cashier',
  technician: 'Technician',
  security: 'Security',
};

export const SHIFT_LABELS: Record<TShift, string> = {
  morning: 'Morning (06–14)',
  evening: 'Evening (14–22)',
  night: 'Night (22–06)',
  general: 'General (office hours)',
};

export const PERSONNEL_STATUS_LABELS: Record<TPersonnelStatus, string> = {
  active: 'Active',
  on_leave: 'On leave',
  inactive: 'Inactive',
};

export const PERSONNEL_STATUS_COLORS: Record<TPersonnelStatus, string> = {
  active: 'green',
  on_leave: 'yellow',
  inactive: 'gray',
};

/** `+919876543210` → `+91 98765 43210`; anything else as it is. */
export function formatMobile(phone: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return match ? `+91 ${match[1]} ${match[2]}` : phone;
}

export const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
