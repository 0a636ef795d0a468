import type { TCardKind, TCardStatus, TRequestStatus } from '@forecourt/contracts';

export const CARD_STATUS_LABELS: Record<TCardStatus, string> = {
  issued: 'Issued',
  active: 'Active',
  blocked: 'Blocked',
  expired: 'Expired',
};

export const CARD_STATUS_COLORS: Record<TCardStatus, string> = {
  issued: 'blue',
  active: 'teal',
  blocked: 'red',
  expired: 'gray',
};

export const CARD_KIND_LABELS: Record<TCardKind, string> = {
  loyalty: 'Loyalty',
  fleet: 'Fleet',
  prepaid: 'Prepaid',
};

export const REQUEST_STATUS_LABELS: Record<TRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const REQUEST_STATUS_COLORS: Record<TRequestStatus, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
  cancelled: 'gray',
};

const AUDIT_LABELS: Record<string, string> = {
  'card.blocked': 'Blocked the card',
  'card.unblocked': 'Unblocked the card',
  'card.limits_changed': 'Changed the limits',
  'card.activation_requested': 'Asked for activation',
  'card.activated': 'Activated the card (request approved)',
  'card.activation_rejected': 'Rejected the activation request',
};

/** An audit entry of a card as a sentence. */
export function describeCardAudit(entry: { action: string }): string {
  return AUDIT_LABELS[entry.action] ?? entry.action;
}
