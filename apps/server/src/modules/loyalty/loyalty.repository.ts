import type {
  TLoyaltyTransactionKind,
  TLoyaltyTransactionStatus,
  TSettlementStatus,
} from '@forecourt/contracts';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { LoyaltyProgramsTable, LoyaltyTransactionsTable, SettlementsTable } from '../../db/schema';
import type { SortColumn } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { scopePredicate } from '../../lib/scope/scope.repository';

export type ProgramRow = Selectable<LoyaltyProgramsTable>;
export type LoyaltyTransactionRow = Selectable<LoyaltyTransactionsTable> & { stationName: string };
export type SettlementRow = Selectable<SettlementsTable> & { stationName: string; stationSlug: string };

const DAY = 86_400_000;

/** The organisation's programmes, by name. */
export function organizationPrograms(db: Db, organizationId: number): Promise<ProgramRow[]> {
  return db
    .selectFrom('loyaltyPrograms')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The organisation's programme with this slug, or undefined (unknown, or another organisation's). */
export function findProgram(db: Db, organizationId: number, slug: string): Promise<ProgramRow | undefined> {
  return db
    .selectFrom('loyaltyPrograms')
    .selectAll()
    .where('slug', '=', slug)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
}

/**
 * Sort fields of the ledger. `createdAt` is served by `(program_id, is_test, status, created_at, id)`;
 * points and amount have no index, so they read the whole window and are bounded to a month.
 */
export const LOYALTY_TRANSACTION_SORT_COLUMNS: Record<
  'createdAt' | 'points' | 'amountPaise',
  SortColumn<LoyaltyTransactionRow>
> = {
  createdAt: { column: 'loyalty_transactions.created_at', kind: 'number', value: (row) => row.createdAt },
  points: {
    column: 'loyalty_transactions.points',
    kind: 'number',
    value: (row) => row.points,
    maxSpanMs: 31 * DAY,
  },
  amountPaise: {
    column: 'loyalty_transactions.amount_paise',
    kind: 'number',
    value: (row) => row.amountPaise,
    maxSpanMs: 31 * DAY,
  },
};

export type LoyaltyTransactionFilters = {
  startMs: number;
  endMs: number;
  isTest: boolean;
  status?: TLoyaltyTransactionStatus[] | undefined;
  kind?: TLoyaltyTransactionKind[] | undefined;
};

/** The programme's ledger in scope, window and filters, with station names; not ordered. */
export function loyaltyTransactionsQuery(
  db: Db,
  programId: number,
  scope: Scope,
  filters: LoyaltyTransactionFilters,
) {
  let query = db
    .selectFrom('loyaltyTransactions')
    .innerJoin('stations', 'stations.id', 'loyaltyTransactions.stationId')
    .selectAll('loyaltyTransactions')
    .select('stations.name as stationName')
    .where('loyaltyTransactions.programId', '=', programId)
    .where(scopePredicate('loyalty_transactions', scope, 'aggregate'))
    .where('loyaltyTransactions.isTest', '=', filters.isTest ? 1 : 0)
    .where('loyaltyTransactions.createdAt', '>=', filters.startMs)
    .where('loyaltyTransactions.createdAt', '<', filters.endMs);
  if (filters.status?.length) query = query.where('loyaltyTransactions.status', 'in', filters.status);
  if (filters.kind?.length) query = query.where('loyaltyTransactions.kind', 'in', filters.kind);
  return query;
}

/** Sort fields of the settlements; few rows per programme, so every sort reads its window. */
export const SETTLEMENT_SORT_COLUMNS: Record<
  'createdAt' | 'periodStart' | 'netPaise',
  SortColumn<SettlementRow>
> = {
  createdAt: { column: 'settlements.created_at', kind: 'number', value: (row) => row.createdAt },
  periodStart: { column: 'settlements.period_start', kind: 'number', value: (row) => row.periodStart },
  netPaise: { column: 'settlements.net_paise', kind: 'number', value: (row) => row.netPaise },
};

function settlementsWithStations(db: Db) {
  return db
    .selectFrom('settlements')
    .innerJoin('stations', 'stations.id', 'settlements.stationId')
    .selectAll('settlements')
    .select(['stations.name as stationName', 'stations.slug as stationSlug']);
}

/** The programme's settlements created in the window, in scope and filters; not ordered. */
export function settlementsQuery(
  db: Db,
  programId: number,
  scope: Scope,
  filters: { startMs: number; endMs: number; status?: TSettlementStatus[] | undefined },
) {
  let query = settlementsWithStations(db)
    .where('settlements.programId', '=', programId)
    .where(scopePredicate('settlements', scope, 'aggregate'))
    .where('settlements.createdAt', '>=', filters.startMs)
    .where('settlements.createdAt', '<', filters.endMs);
  if (filters.status?.length) query = query.where('settlements.status', 'in', filters.status);
  return query;
}

/** One settlement of the programme (and organisation), or undefined. */
export function findSettlement(
  db: Db,
  organizationId: number,
  programId: number,
  id: number,
): Promise<SettlementRow | undefined> {
  return settlementsWithStations(db)
    .where('settlements.organizationId', '=', organizationId)
    .where('settlements.programId', '=', programId)
    .where('settlements.id', '=', id)
    .executeTakeFirst();
}

/**
 * The successful live ledger entries of one station in `[startMs, endMs)`, summed by kind (served
 * by the `(program_id, is_test, status, created_at)` index).
 */
export async function loyaltySummaryByKind(
  db: Db,
  programId: number,
  stationId: number,
  startMs: number,
  endMs: number,
): Promise<{ kind: string; count: number; points: number; amountPaise: number }[]> {
  const rows = await db
    .selectFrom('loyaltyTransactions')
    .select((eb) => [
      'loyaltyTransactions.kind as kind',
      eb.fn.countAll().as('count'),
      eb.fn.sum<number | string>('loyaltyTransactions.points').as('points'),
      eb.fn.sum<number | string>('loyaltyTransactions.amountPaise').as('amountPaise'),
    ])
    .where('loyaltyTransactions.programId', '=', programId)
    .where('loyaltyTransactions.isTest', '=', 0)
    .where('loyaltyTransactions.status', '=', 'success')
    .where('loyaltyTransactions.createdAt', '>=', startMs)
    .where('loyaltyTransactions.createdAt', '<', endMs)
    .where('loyaltyTransactions.stationId', '=', stationId)
    .groupBy('loyaltyTransactions.kind')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    count: Number(row.count),
    points: Number(row.points ?? 0),
    amountPaise: Number(row.amountPaise ?? 0),
  }));
}

/**
 * Updates a settlement only if it is still in `expectedStatus` (a concurrent move loses with a
 * 409 instead of being overwritten); true when the row changed.
 */
export async function updateSettlement(
  db: Db,
  id: number,
  expectedStatus: TSettlementStatus,
  values: Updateable<SettlementsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('settlements')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', expectedStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
