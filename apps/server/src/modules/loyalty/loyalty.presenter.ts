import type {
  TLoyaltyProgram,
  TLoyaltyTransactionItem,
  TLoyaltyTransactionKind,
  TLoyaltyTransactionStatus,
  TSettlementItem,
  TSettlementStatus,
} from '@forecourt/contracts';
import { isoTime } from '../../lib/iso-time';
import type { LoyaltyTransactionRow, ProgramRow, SettlementRow } from './loyalty.repository';

/** A stored programme → its wire shape. */
export function presentProgram(row: ProgramRow): TLoyaltyProgram {
  return { id: row.id, slug: row.slug, name: row.name, pointsPerHundred: row.pointsPerHundred };
}

/** A stored ledger entry → its list shape (enum columns are only written from the contracts' enums). */
export function presentLoyaltyTransaction(row: LoyaltyTransactionRow): TLoyaltyTransactionItem {
  return {
    id: row.id,
    programId: row.programId,
    stationId: row.stationId,
    stationName: row.stationName,
    customerId: row.customerId,
    cardId: row.cardId,
    transactionId: row.transactionId,
    kind: row.kind as TLoyaltyTransactionKind,
    points: row.points,
    amountPaise: row.amountPaise,
    status: row.status as TLoyaltyTransactionStatus,
    isTest: row.isTest === 1,
    createdAt: isoTime(row.createdAt),
  };
}

/** A stored settlement → its list shape. */
export function presentSettlement(row: SettlementRow): TSettlementItem {
  return {
    id: row.id,
    programId: row.programId,
    stationId: row.stationId,
    stationName: row.stationName,
    periodStart: isoTime(row.periodStart),
    periodEnd: isoTime(row.periodEnd),
    transactionCount: row.transactionCount,
    grossPaise: row.grossPaise,
    feePaise: row.feePaise,
    netPaise: row.netPaise,
    status: row.status as TSettlementStatus,
    utr: row.utr,
    settledAt: row.settledAt === null ? null : isoTime(row.settledAt),
    createdAt: isoTime(row.createdAt),
  };
}
