import type { TNetworkTransactionPageQuery, TTransactionPage } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { checkSortSpan, keysetOrder, listPage, readsSortIndex } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { presentTransaction } from './transactions.presenter';
import { transactionSorts, transactionsQuery } from './transactions.repository';

/**
 * A page of fills in the window (screen `transactions`: 24 hours by default, at most 366 days, for
 * every sort but quantity, which is bounded: see transactionSorts).
 */
export async function listTransactions(
  db: Db,
  scope: Scope,
  query: TNetworkTransactionPageQuery,
  now: number,
  network: boolean,
): Promise<TTransactionPage> {
  const { window, startMs, endMs } = resolveRequestWindow('transactions', query, now);
  const sorts = transactionSorts(network);
  checkSortSpan(query.sort, sorts, endMs - startMs);
  const filters = {
    startMs,
    endMs,
    fuel: query.fuel,
    paymentMode: query.paymentMode,
    status: query.status,
    registration: query.registration,
  };
  const bySortIndex = readsSortIndex(query.sort, sorts, endMs - startMs);
  const rows = transactionsQuery(db, scope, { ...filters, bySortIndex });
  const order = keysetOrder(query.sort, sorts, 'transactions.id');
  // The count stays on the time index: it counts the window, in no order.
  const countQuery = bySortIndex ? transactionsQuery(db, scope, filters) : undefined;
  return listPage(db, rows, order, query, presentTransaction, window, countQuery ? { countQuery } : {});
}
