import type { TRequestStatus } from '@forecourt/contracts';

export const REQUEST_STATUS_LABELS: Record<TRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const REQUEST_STATUS_COLORS: Record<TRequestStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};
