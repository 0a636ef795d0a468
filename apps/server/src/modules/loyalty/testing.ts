import type {
  TLoyaltyTransactionKind,
  TLoyaltyTransactionStatus,
  TSettlementStatus,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';

/** Test data for the loyalty module (not used by the app). */

export async function insertProgram(
  db: Db,
  input: { organizationId: number; slug: string; name?: string; pointsPerHundred?: number },
): Promise<number> {
  const at = Date.now();
  const row = await db
    .insertInto('loyaltyPrograms')
    .values({
      organizationId: input.organizationId,
      slug: input.slug,
      name: input.name ?? `Programme ${input.slug}`,
      pointsPerHundred: input.pointsPerHundred ?? 1,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type LoyaltyTransactionSeed = {
  organizationId: number;
  programId: number;
  stationId: number;
  createdAt: number;
  kind?: TLoyaltyTransactionKind;
  points?: number;
  amountPaise?: number;
  status?: TLoyaltyTransactionStatus;
  isTest?: boolean;
};

/** Inserts ledger entries directly; returns their ids. */
export async function insertLoyaltyTransactions(db: Db, seeds: LoyaltyTransactionSeed[]): Promise<number[]> {
  if (seeds.length === 0) return [];
  const rows = await db
    .insertInto('loyaltyTransactions')
    .values(
      seeds.map((seed) => ({
        organizationId: seed.organizationId,
        programId: seed.programId,
        stationId: seed.stationId,
        customerId: null,
        cardId: null,
        transactionId: null,
        kind: seed.kind ?? 'earn',
        points: seed.points ?? 10,
        amountPaise: seed.amountPaise ?? 100_000,
        status: seed.status ?? 'success',
        isTest: seed.isTest ? 1 : 0,
        createdAt: seed.createdAt,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export type SettlementSeed = {
  organizationId: number;
  programId: number;
  stationId: number;
  periodStart: number;
  periodEnd: number;
  createdAt: number;
  status?: TSettlementStatus;
  grossPaise?: number;
  transactionCount?: number;
};

/** Inserts settlements directly (fee 0.75 %, UTR and settledAt when settled); returns their ids. */
export async function insertSettlements(db: Db, seeds: SettlementSeed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const seed of seeds) {
    const gross = seed.grossPaise ?? 1_000_000;
    const fee = Math.round(gross * 0.0075);
    const status = seed.status ?? 'pending';
    const row = await db
      .insertInto('settlements')
      .values({
        organizationId: seed.organizationId,
        programId: seed.programId,
        stationId: seed.stationId,
        periodStart: seed.periodStart,
        periodEnd: seed.periodEnd,
        transactionCount: seed.transactionCount ?? 10,
        grossPaise: gross,
        feePaise: fee,
        netPaise: gross - fee,
        status,
        utr: status === 'settled' ? 'KAVBN12345678901' : null,
        settledAt: status === 'settled' ? seed.periodEnd + 86_400_000 : null,
        createdAt: seed.createdAt,
        updatedAt: seed.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}
