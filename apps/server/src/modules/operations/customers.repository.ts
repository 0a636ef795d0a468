import { FUELS, type TCustomerKind, type TFuel } from '@forecourt/contracts';
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { likeContains } from '../../db/paging';
import type { Database } from '../../db/schema';
import type { SortColumn } from './list-page';
import { type Scope, scopePredicate } from './scope';

/**
 * The customers screen: customers ranked by what they bought in the window. The sums come from the
 * customer fills of the window, read through the partial index
 * `(station_id | organization_id, started_at, customer_id, fuel, quantity, amount) where customer_id
 * is not null` (migration 0004): only the fills booked to a customer, and every column summed.
 */
export type CustomerSummaryRow = {
  id: number;
  name: string;
  kind: string;
  phone: string | null;
  email: string | null;
  homeStationId: number | null;
  createdAt: number;
  quantityMilli: number;
  amountPaise: number;
  transactionCount: number;
  lastVisitAt: number;
  /** Customers matching the filters in the window (before paging). */
  total: number;
} & Record<`${TFuel}Milli`, number | null>;

export const CUSTOMER_SORT_COLUMNS: Record<'quantity_sum' | 'name', SortColumn<CustomerSummaryRow>> = {
  quantity_sum: {
    column: 'ranked.quantity_milli',
    kind: 'number',
    value: (row) => Number(row.quantityMilli),
  },
  name: { column: 'ranked.name', kind: 'string', value: (row) => row.name },
};

export type CustomerFilters = { startMs: number; endMs: number; q?: string; kind?: TCustomerKind[] };

const CUSTOMER_COLUMNS = [
  'customers.id',
  'customers.name',
  'customers.kind',
  'customers.phone',
  'customers.email',
  'customers.homeStationId',
  'customers.createdAt',
] as const;

/**
 * One pass over the window's customer fills sums per customer (per fuel too), then joins the
 * customers. `total` (`count(*) over ()`) counts every matching customer before the page is cut,
 * so one aggregation gives the page and its count. Paging and sorting work on the derived `ranked`.
 */
export function customerSummaryQuery(db: Db, scope: Scope, filters: CustomerFilters) {
  const perFuel = FUELS.map((fuel) =>
    sql<number>`sum(case when ${sql.ref('transactions.fuel')} = ${sql.lit(fuel)} then ${sql.ref('transactions.quantity_milli')} end)`.as(
      `${fuel}Milli`,
    ),
  );
  const bought = db
    .selectFrom('transactions')
    .where(scopePredicate('transactions', scope, 'aggregate'))
    .where('transactions.startedAt', '>=', filters.startMs)
    .where('transactions.startedAt', '<', filters.endMs)
    .where(sql<SqlBool>`${sql.ref('transactions.customer_id')} is not null`)
    .select('transactions.customerId')
    .select((eb) => [
      eb.fn.sum<number>('transactions.quantityMilli').as('quantityMilli'),
      eb.fn.sum<number>('transactions.amountPaise').as('amountPaise'),
      eb.fn.countAll<number>().as('transactionCount'),
      eb.fn.max<number>('transactions.startedAt').as('lastVisitAt'),
      ...perFuel,
    ])
    .groupBy('transactions.customerId')
    .as('bought');
  let query = db
    .selectFrom(bought)
    .innerJoin('customers', 'customers.id', 'bought.customerId')
    .where('customers.organizationId', '=', scope.organizationId);
  if (filters.kind?.length) query = query.where('customers.kind', 'in', filters.kind);
  if (filters.q) {
    const prefix = `${likeContains(filters.q).slice(1, -1)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(${eb.ref('customers.name')}) like ${prefix} escape '\\'`,
        sql<SqlBool>`${eb.ref('customers.phone')} like ${prefix} escape '\\'`,
      ]),
    );
  }
  const ranked = query
    .select(CUSTOMER_COLUMNS)
    .selectAll('bought')
    .select(sql<number>`count(*) over ()`.as('total'))
    .as('ranked');
  // The derived tables widen the query's table set; the rows are what CustomerSummaryRow says.
  return db.selectFrom(ranked).selectAll('ranked') as unknown as SelectQueryBuilder<
    Database,
    'customers',
    CustomerSummaryRow
  >;
}
