import type { TPaymentMode, TPaymentStatus } from '@forecourt/contracts';
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { PaymentsTable } from '../../db/schema';
import type { SortColumn } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { scopePredicate } from '../../lib/scope/scope.repository';

export type PaymentRow = Selectable<PaymentsTable>;

const DAY = 86_400_000;

/**
 * `timestamp` uses `(station_id | organization_id, paid_at, id)`. Amount reads the window through
 * the time index and sorts it up to a station's month or a network day; longer windows walk
 * `(organization_id, amount_paise desc, id desc, paid_at, station_id)` (0018) in page order.
 */
export function paymentSorts(network: boolean): Record<'timestamp' | 'amountPaise', SortColumn<PaymentRow>> {
  return {
    timestamp: { column: 'payments.paid_at', kind: 'number', value: (row) => row.paidAt },
    amountPaise: {
      column: 'payments.amount_paise',
      kind: 'number',
      value: (row) => row.amountPaise,
      sortIndexAfterMs: network ? DAY : 31 * DAY,
    },
  };
}

export function paymentsQuery(
  db: Db,
  scope: Scope,
  filters: {
    startMs: number;
    endMs: number;
    mode?: TPaymentMode[];
    status?: TPaymentStatus[];
    /** Read from the amount index: window and stations checked on its entries (see transactionsQuery). */
    bySortIndex?: boolean;
  },
) {
  const paid = sql.ref('payments.paid_at');
  const time = filters.bySortIndex ? sql`+${paid}` : paid;
  let query = db
    .selectFrom('payments')
    .selectAll('payments')
    .where(scopePredicate('payments', scope, filters.bySortIndex ? 'organization' : 'page'))
    .where(sql<SqlBool>`${time} >= ${filters.startMs}`)
    .where(sql<SqlBool>`${time} < ${filters.endMs}`);
  if (filters.mode?.length) query = query.where('payments.mode', 'in', filters.mode);
  if (filters.status?.length) query = query.where('payments.status', 'in', filters.status);
  return query;
}
