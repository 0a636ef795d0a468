import type { TFuel, TPaymentMode, TTransactionStatus } from '@forecourt/contracts';
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { TransactionsTable } from '../../db/schema';
import { registrationRange, type SortColumn } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { scopePredicate } from '../../lib/scope/scope.repository';

export type TransactionRow = Selectable<TransactionsTable>;

export type TransactionFilters = {
  startMs: number;
  endMs: number;
  fuel?: TFuel[] | undefined;
  paymentMode?: TPaymentMode[] | undefined;
  status?: TTransactionStatus[] | undefined;
  registration?: string | undefined;
  /**
   * The page is read from `(organization_id, amount_paise desc, id desc, started_at, station_id)`
   * (0018): the window and stations become checks on its entries (`+started_at`, `+station_id`)
   * so that neither the time index nor the station index is chosen instead.
   */
  bySortIndex?: boolean;
};

const DAY = 86_400_000;

/**
 * Sort fields → columns. `startDate` is served by `(station_id | organization_id, started_at, id)`.
 * Amount reads the window through the time index and sorts it up to a station's month (~20k fills
 * at the busiest bench station) or a network day; longer windows walk the amount index (0018) in
 * page order, checking the window on each entry. Quantity has no index of its own, so it reads the
 * whole window and is bounded to those spans.
 */
export function transactionSorts(
  network: boolean,
): Record<'startDate' | 'amountPaise' | 'quantity', SortColumn<TransactionRow>> {
  const maxSpanMs = network ? DAY : 31 * DAY;
  return {
    startDate: { column: 'transactions.started_at', kind: 'number', value: (row) => row.startedAt },
    amountPaise: {
      column: 'transactions.amount_paise',
      kind: 'number',
      value: (row) => row.amountPaise,
      sortIndexAfterMs: maxSpanMs,
    },
    quantity: {
      column: 'transactions.quantity_milli',
      kind: 'number',
      value: (row) => row.quantityMilli,
      maxSpanMs,
    },
  };
}

/** Transactions in scope, window and filters; every column, not ordered (see keysetPage). */
export function transactionsQuery(db: Db, scope: Scope, filters: TransactionFilters) {
  const started = sql.ref('transactions.started_at');
  const time = filters.bySortIndex ? sql`+${started}` : started;
  let query = db
    .selectFrom('transactions')
    .selectAll('transactions')
    .where(scopePredicate('transactions', scope, filters.bySortIndex ? 'organization' : 'page'))
    .where(sql<SqlBool>`${time} >= ${filters.startMs}`)
    .where(sql<SqlBool>`${time} < ${filters.endMs}`);
  if (filters.fuel?.length) query = query.where('transactions.fuel', 'in', filters.fuel);
  if (filters.paymentMode?.length) query = query.where('transactions.paymentMode', 'in', filters.paymentMode);
  if (filters.status?.length) query = query.where('transactions.status', 'in', filters.status);
  const range = filters.registration ? registrationRange(filters.registration) : null;
  if (range) {
    query = query
      .where('transactions.vehicleRegistration', '>=', range.from)
      .where('transactions.vehicleRegistration', '<', range.to);
  }
  return query;
}
