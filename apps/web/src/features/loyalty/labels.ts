import type {
  TLoyaltyTransactionKind,
  TLoyaltyTransactionStatus,
  TSettlementStatus,
} from '@forecourt/contracts';

export const LOYALTY_KIND_LABELS: Record<TLoyaltyTransactionKind, string> = {
  earn: 'Earned',
  redeem: 'Redeemed',
  adjust: 'Adjusted',
  expire: 'Expired',
};
export const LOYALTY_KIND_COLORS: Record<TLoyaltyTransactionKind, string> = {
  earn: 'teal',
  redeem: 'blue',
  adjust: 'grape',
  expire: 'gray',
};

export const LOYALTY_STATUS_LABELS: Record<TLoyaltyTransactionStatus, string> = {
  success: 'Successful',
  pending: 'Pending',
  failed: 'Failed',
  reversed: 'Reversed',
};
export const LOYALTY_STATUS_COLORS: Record<TLoyaltyTransactionStatus, string> = {
  success: 'teal',
  pending: 'yellow',
  failed: 'red',
  reversed: 'gray',
};

export const SETTLEMENT_STATUS_LABELS: Record<TSettlementStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  settled: 'Settled',
  failed: 'Failed',
};
export const SETTLEMENT_STATUS_COLORS: Record<TSettlementStatus, string> = {
  pending: 'yellow',
  processing: 'blue',
  settled: 'teal',
  failed: 'red',
};

/** Audit actions of a settlement as sentences. */
export const SETTLEMENT_ACTION_LABELS: Record<string, string> = {
  'settlement.processing': 'Payout started',
  'settlement.settled': 'Marked settled',
  'settlement.failed': 'Payout failed',
  'settlement.retried': 'Payout retried',
};
