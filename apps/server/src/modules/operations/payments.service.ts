import type {
  TNetworkPaymentPageQuery,
  TPayment,
  TPaymentMode,
  TPaymentPage,
  TPaymentStatus,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { isoTime } from '../../lib/iso-time';
import { checkSortSpan, keysetOrder, listPage, readsSortIndex } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { type PaymentRow, paymentSorts, paymentsQuery } from './payments.repository';

export function presentPayment(row: PaymentRow): TPayment {
  return {
    id: row.id,
    stationId: row.stationId,
    transactionId: row.transactionId,
    timestamp: isoTime(row.paidAt),
    mode: row.mode as TPaymentMode,
    amountPaise: row.amountPaise,
    status: row.status as TPaymentStatus,
    reference: row.reference,
    provider: row.provider,
  };
}

/** A page of payments in the window (screen `payments`: 7 days by default, at most 93, any sort). */
export async function listPayments(
  db: Db,
  scope: Scope,
  query: TNetworkPaymentPageQuery,
  now: number,
  network: boolean,
): Promise<TPaymentPage> {
  const { window, startMs, endMs } = resolveRequestWindow('payments', query, now);
  const sorts = paymentSorts(network);
  checkSortSpan(query.sort, sorts, endMs - startMs);
  const filters = {
    startMs,
    endMs,
    ...(query.mode ? { mode: query.mode } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  const bySortIndex = readsSortIndex(query.sort, sorts, endMs - startMs);
  const rows = paymentsQuery(db, scope, { ...filters, bySortIndex });
  // The count stays on the time index: it counts the window, in no order.
  const countQuery = bySortIndex ? paymentsQuery(db, scope, filters) : undefined;
  const order = keysetOrder(query.sort, sorts, 'payments.id');
  return listPage(db, rows, order, query, presentPayment, window, countQuery ? { countQuery } : {});
}
