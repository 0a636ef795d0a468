import { type Kysely, sql } from 'kysely';
import { index } from './dsl';

/**
 * Long windows on the network lists:
 * - `transactions` and `payments` `(organization_id, amount_paise desc, id desc, time, station_id)`:
 *   sorting by amount over a window longer than the time index can sort cheaply walks this index
 *   in page order and checks the window (and a station list) from the index entry itself.
 * - `customer_sales_weekly`: the customer fills summed per station, IST week (Monday), customer and
 *   fuel, so a network-wide customer ranking over 180 days reads weeks instead of every fill.
 *   Backfilled here from the fills already stored.
 */
const WEEK_MS = 7 * 86_400_000;
/** Monday 5 January 1970, 00:00 IST: the origin of the weekly grid (metrics/buckets.ts). */
const WEEK_ORIGIN = 4 * 86_400_000 - 19_800_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await index(
    db,
    'transactions',
    ['organization_id', 'amount_paise desc', 'id desc', 'started_at', 'station_id'],
    {
      name: 'transactions_organization_amount_idx',
    },
  );
  await index(db, 'payments', ['organization_id', 'amount_paise desc', 'id desc', 'paid_at', 'station_id'], {
    name: 'payments_organization_amount_idx',
  });

  await db.schema
    .createTable('customer_sales_weekly')
    .addColumn('organization_id', 'bigint', (c) => c.notNull())
    .addColumn('station_id', 'bigint', (c) => c.notNull())
    .addColumn('week', 'bigint', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('fuel', 'text', (c) => c.notNull())
    .addColumn('transaction_count', 'integer', (c) => c.notNull())
    .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('last_visit_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_sales_weekly_pk', ['station_id', 'week', 'customer_id', 'fuel'])
    .execute();
  const totals = [
    'customer_id',
    'fuel',
    'transaction_count',
    'quantity_milli',
    'amount_paise',
    'last_visit_at',
  ];
  await index(db, 'customer_sales_weekly', ['station_id', 'week', ...totals], {
    name: 'customer_sales_weekly_station_totals_idx',
  });
  await index(db, 'customer_sales_weekly', ['organization_id', 'week', 'station_id', ...totals], {
    name: 'customer_sales_weekly_organization_totals_idx',
  });

  const week = sql`(started_at - ${sql.lit(WEEK_ORIGIN)}) / ${sql.lit(WEEK_MS)} * ${sql.lit(WEEK_MS)} + ${sql.lit(WEEK_ORIGIN)}`;
  await sql`
    insert into customer_sales_weekly
      (organization_id, station_id, week, customer_id, fuel, transaction_count, quantity_milli, amount_paise, last_visit_at)
    select organization_id, station_id, ${week}, customer_id, fuel,
           count(*), sum(quantity_milli), sum(amount_paise), max(started_at)
      from transactions
     where customer_id is not null
     group by organization_id, station_id, ${week}, customer_id, fuel`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('customer_sales_weekly').execute();
  await db.schema.dropIndex('payments_organization_amount_idx').execute();
  await db.schema.dropIndex('transactions_organization_amount_idx').execute();
}
