import {
  FUELS,
  type TCustomerKind,
  type TCustomerPage,
  type TCustomerSummary,
  type TFuel,
  type TNetworkCustomerPageQuery,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { isoTime as iso } from '../../lib/iso-time';
import { keysetOrder, listPage } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { CUSTOMER_SORT_COLUMNS, type CustomerSummaryRow, customerSummaryQuery } from './customers.repository';

function presentCustomer(row: CustomerSummaryRow): TCustomerSummary {
  const quantityByFuel: Partial<Record<TFuel, number>> = {};
  for (const fuel of FUELS) {
    const milli = row[`${fuel}Milli`];
    if (milli !== null && milli !== undefined) quantityByFuel[fuel] = Number(milli) / 1000;
  }
  return {
    id: Number(row.id),
    name: row.name,
    kind: row.kind as TCustomerKind,
    phone: row.phone,
    email: row.email,
    homeStationId: row.homeStationId === null ? null : Number(row.homeStationId),
    createdAt: iso(Number(row.createdAt)),
    quantitySum: Number(row.quantityMilli) / 1000,
    quantityByFuel,
    amountPaise: Number(row.amountPaise),
    transactionCount: Number(row.transactionCount),
    lastVisitAt: row.lastVisitAt === null ? null : iso(Number(row.lastVisitAt)),
  };
}

/**
 * Customers ranked by quantity bought in the window (screen `customers`: 14 days by default, at
 * most 180, on a station and network-wide alike), or by name. A customer appears once they bought
 * in the window at a station in scope. Whole weeks come from the weekly customer rollup.
 */
export async function listCustomers(
  db: Db,
  scope: Scope,
  query: TNetworkCustomerPageQuery,
  now: number,
): Promise<TCustomerPage> {
  const { window, startMs, endMs } = resolveRequestWindow('customers', query, now);
  const rows = customerSummaryQuery(db, scope, {
    startMs,
    endMs,
    ...(query.q ? { q: query.q } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
  });
  const order = keysetOrder(query.sort, CUSTOMER_SORT_COLUMNS, 'ranked.id');
  const page = await listPage(db, rows, order, query, (row) => row, window, {
    countOf: (row) => Number(row.total),
  });
  return { ...page, results: page.results.map(presentCustomer) };
}
