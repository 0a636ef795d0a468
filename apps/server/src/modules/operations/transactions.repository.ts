import type { TFuel, TPaymentMode, TTransactionStatus } from '@forecourt/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { TransactionsTable } from '../../db/schema';
import { registrationRange, type SortColumn } from './list-page';
import { type Scope, scopePredicate } from './scope';

export type TransactionRow = Selectable<TransactionsTable>;

export type TransactionFilters = {
  startMs: number;
  endMs: number;
  fuel?: TFuel[] | undefined;
  paymentMode?: TPaymentMode[] | undefined;
  status?: TTransactionStatus[] | undefined;
  registration?: string | undefined;
};

const DAY = 86_400_000;

/**
 * Sort fields → columns. `startDate` is served by `(station_id | organization_id, started_at, id)`;
 * amount and quantity have no index of their own, so they read the whole window and are bounded:
 * a station's month (~20k fills at the busiest bench station) or a network day.
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
      maxSpanMs,
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
  let query = db
    .selectFrom('transactions')
    .selectAll('transactions')
    .where(scopePredicate('transactions', scope))
    .where('transactions.startedAt', '>=', filters.startMs)
    .where('transactions.startedAt', '<', filters.endMs);
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
