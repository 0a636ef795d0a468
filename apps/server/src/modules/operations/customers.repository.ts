import { FUELS, type TCustomerKind, type TFuel } from '@forecourt/contracts';
import { type AliasedSelectQueryBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { likeContains } from '../../db/paging';
import type { Database } from '../../db/schema';
import type { SortColumn } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { scopePredicate } from '../../lib/scope/scope.repository';
import { WEEK_MS, weekBucket } from '../../lib/time-buckets';

/**
 * The customers screen: customers ranked by what they bought in the window. The sums come from the
 * weekly customer rollup for the window's whole IST weeks and from the customer fills for the rest,
 * read through the partial index `(station_id | organization_id, started_at, customer_id, fuel,
 * quantity, amount) where customer_id is not null` (migration 0004): only the fills booked to a
 * customer, and every column summed.
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

/** One part of the window, summed per customer and fuel. */
type PartRow = {
  customerId: number;
  fuel: string;
  transactionCount: number;
  quantityMilli: number;
  amountPaise: number;
  lastVisitAt: number;
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
 * Where a window's customer sums come from: the whole IST weeks inside it from
 * `customer_sales_weekly` (0018), the rest (under a week at either edge) from the customer fills
 * through the partial index. A window holding no whole week reads fills only.
 */
export function customerWindowSplit(
  startMs: number,
  endMs: number,
): {
  weeks: [number, number] | null;
  raw: [number, number][];
} {
  const first = weekBucket(startMs) === startMs ? startMs : weekBucket(startMs) + WEEK_MS;
  const last = weekBucket(endMs);
  if (first >= last) return { weeks: null, raw: [[startMs, endMs]] };
  const raw: [number, number][] = [];
  if (startMs < first) raw.push([startMs, first]);
  if (last < endMs) raw.push([last, endMs]);
  return { weeks: [first, last], raw };
}

/**
 * Per customer and fuel, the sums of each part of the window (see {@link customerWindowSplit}), then
 * per customer (per fuel too) over the parts, joined to the customers. `total`
 * (`count(*) over ()`) counts every matching customer before the page is cut, so one aggregation
 * gives the page and its count. Paging and sorting work on the derived `ranked`.
 */
export function customerSummaryQuery(db: Db, scope: Scope, filters: CustomerFilters) {
  const split = customerWindowSplit(filters.startMs, filters.endMs);
  const rawPart = ([from, to]: [number, number]) =>
    db
      .selectFrom('transactions')
      .where(scopePredicate('transactions', scope, 'aggregate'))
      .where('transactions.startedAt', '>=', from)
      .where('transactions.startedAt', '<', to)
      .where(sql<SqlBool>`${sql.ref('transactions.customer_id')} is not null`)
      .select([
        sql<number>`${sql.ref('transactions.customer_id')}`.as('customerId'),
        sql<string>`${sql.ref('transactions.fuel')}`.as('fuel'),
        sql<number>`count(*)`.as('transactionCount'),
        sql<number>`sum(${sql.ref('transactions.quantity_milli')})`.as('quantityMilli'),
        sql<number>`sum(${sql.ref('transactions.amount_paise')})`.as('amountPaise'),
        sql<number>`max(${sql.ref('transactions.started_at')})`.as('lastVisitAt'),
      ])
      .groupBy(['transactions.customerId', 'transactions.fuel']);
  const raws = split.raw.map(rawPart);
  let parts: AliasedSelectQueryBuilder<PartRow, 'parts'>;
  if (split.weeks) {
    const [from, to] = split.weeks;
    const weeks = db
      .selectFrom('customerSalesWeekly')
      .where(scopePredicate('customer_sales_weekly', scope, 'aggregate'))
      .where('customerSalesWeekly.week', '>=', from)
      .where('customerSalesWeekly.week', '<', to)
      .select([
        sql<number>`${sql.ref('customer_sales_weekly.customer_id')}`.as('customerId'),
        sql<string>`${sql.ref('customer_sales_weekly.fuel')}`.as('fuel'),
        sql<number>`${sql.ref('customer_sales_weekly.transaction_count')}`.as('transactionCount'),
        sql<number>`${sql.ref('customer_sales_weekly.quantity_milli')}`.as('quantityMilli'),
        sql<number>`${sql.ref('customer_sales_weekly.amount_paise')}`.as('amountPaise'),
        sql<number>`${sql.ref('customer_sales_weekly.last_visit_at')}`.as('lastVisitAt'),
      ]);
    parts = raws.reduce((union, part) => union.unionAll(part), weeks).as('parts');
  } else {
    const [first, ...rest] = raws;
    if (!first) throw new Error('a window has at least one part');
    parts = rest.reduce((union, part) => union.unionAll(part), first).as('parts');
  }
  const perFuel = FUELS.map((fuel) =>
    sql<number>`sum(case when ${sql.ref('parts.fuel')} = ${sql.lit(fuel)} then ${sql.ref('parts.quantityMilli')} end)`.as(
      `${fuel}Milli`,
    ),
  );
  const bought = db
    .selectFrom(parts)
    .select('parts.customerId')
    .select((eb) => [
      eb.fn.sum<number>('parts.quantityMilli').as('quantityMilli'),
      eb.fn.sum<number>('parts.amountPaise').as('amountPaise'),
      eb.fn.sum<number>('parts.transactionCount').as('transactionCount'),
      eb.fn.max<number>('parts.lastVisitAt').as('lastVisitAt'),
      ...perFuel,
    ])
    .groupBy('parts.customerId')
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
