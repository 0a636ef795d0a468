import type { TNetworkTransactionPageQuery, TTransactionPage } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { checkSortSpan, keysetOrder, listPage } from './list-page';
import type { Scope } from './scope';
import { presentTransaction } from './transactions.presenter';
import { transactionSorts, transactionsQuery } from './transactions.repository';
import { resolveRequestWindow } from './window';

/** A page of fills in the window (screen `transactions`: 24 hours by default, at most 366 days). */
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
  const rows = transactionsQuery(db, scope, {
    startMs,
    endMs,
    fuel: query.fuel,
    paymentMode: query.paymentMode,
    status: query.status,
    registration: query.registration,
  });
  const order = keysetOrder(query.sort, sorts, 'transactions.id');
  return listPage(db, rows, order, query, presentTransaction, window);
}
