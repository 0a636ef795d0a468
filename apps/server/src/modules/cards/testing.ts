import type { TCardKind, TCardStatus, TRequestStatus } from '@forecourt/contracts';
import type { Db } from '../../db/database';

/** Test data for the cards module (not used by the app). */

const YEAR = 365 * 86_400_000;

export type CardSeed = {
  organizationId: number;
  createdAt: number;
  kind?: TCardKind;
  status?: TCardStatus;
  last4?: string;
  vehicleRegistration?: string | null;
  isTest?: boolean;
  expiresAt?: number;
  dailyLimitPaise?: number;
  monthlyLimitPaise?: number;
};

/** Inserts cards directly; returns their ids. */
export async function insertCards(db: Db, seeds: CardSeed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const seed of seeds) {
    const row = await db
      .insertInto('cards')
      .values({
        organizationId: seed.organizationId,
        programId: null,
        customerId: null,
        kind: seed.kind ?? 'fleet',
        last4: seed.last4 ?? '1234',
        vehicleRegistration: seed.vehicleRegistration ?? null,
        status: seed.status ?? 'active',
        dailyLimitPaise: seed.dailyLimitPaise ?? 2_000_000,
        monthlyLimitPaise: seed.monthlyLimitPaise ?? 50_000_000,
        balancePaise: 100_000,
        isTest: seed.isTest ? 1 : 0,
        issuedAt: seed.createdAt,
        expiresAt: seed.expiresAt ?? seed.createdAt + 3 * YEAR,
        createdAt: seed.createdAt,
        updatedAt: seed.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Inserts one activation request directly; returns its id. */
export async function insertCardRequest(
  db: Db,
  seed: { organizationId: number; cardId: number; createdAt: number; status?: TRequestStatus },
): Promise<number> {
  const status = seed.status ?? 'pending';
  const row = await db
    .insertInto('cardActivationRequests')
    .values({
      organizationId: seed.organizationId,
      cardId: seed.cardId,
      requestedBy: 'Fleet manager',
      note: null,
      status,
      reason: status === 'rejected' ? 'Documents missing' : null,
      decidedAt: status === 'pending' ? null : seed.createdAt + 1,
      decidedByUserId: null,
      createdAt: seed.createdAt,
      updatedAt: seed.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
