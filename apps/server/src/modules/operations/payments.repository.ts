import type { TPaymentMode, TPaymentStatus } from '@forecourt/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PaymentsTable } from '../../db/schema';
import type { SortColumn } from './list-page';
import { type Scope, scopePredicate } from './scope';

export type PaymentRow = Selectable<PaymentsTable>;

const DAY = 86_400_000;

/** `timestamp` uses `(station_id | organization_id, paid_at, id)`; amount reads the window (bounded). */
export function paymentSorts(network: boolean): Record<'timestamp' | 'amountPaise', SortColumn<PaymentRow>> {
  return {
    timestamp: { column: 'payments.paid_at', kind: 'number', value: (row) => row.paidAt },
    amountPaise: {
      column: 'payments.amount_paise',
      kind: 'number',
      value: (row) => row.amountPaise,
      maxSpanMs: network ? DAY : 31 * DAY,
    },
  };
}

export function paymentsQuery(
  db: Db,
  scope: Scope,
  filters: { startMs: number; endMs: number; mode?: TPaymentMode[]; status?: TPaymentStatus[] },
) {
  let query = db
    .selectFrom('payments')
    .selectAll('payments')
    .where(scopePredicate('payments', scope))
    .where('payments.paidAt', '>=', filters.startMs)
    .where('payments.paidAt', '<', filters.endMs);
  if (filters.mode?.length) query = query.where('payments.mode', 'in', filters.mode);
  if (filters.status?.length) query = query.where('payments.status', 'in', filters.status);
  return query;
}
