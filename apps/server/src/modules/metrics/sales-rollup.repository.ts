import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { DAY_MS, dayBucket, HOUR_MS, hourBucket } from '../../lib/time-buckets';
import { refreshCustomerWeeks } from './customer-rollup.repository';

/**
 * Keeps the sales rollups in step with `transactions`. `sales_hourly` (IST clock hours) is summed
 * from the fills; `sales_daily` (IST days) from `sales_hourly`. Ingest calls
 * {@link refreshSalesRollups} for the span and stations of each batch (the cost follows the hours
 * touched, not the table); the seed builds the hourly rollup while generating and then
 * {@link rebuildSalesDaily}; tests call it for hand-made fills. The refresh also recomputes the
 * customer weeks (`customer_sales_weekly`) overlapping the span.
 */
const IST = sql.lit(19_800_000);
const bucketOf = (column: string, size: number) =>
  sql<number>`(${sql.ref(column)} + ${IST}) / ${sql.lit(size)} * ${sql.lit(size)} - ${IST}`;

type Span = { fromMs: number; toMs: number; stationIds?: readonly number[] };

const inStations = (stations: readonly number[] | undefined) =>
  stations ? sql<SqlBool>`station_id in (${sql.join([...stations, -1])})` : sql<SqlBool>`1 = 1`;

/** Recomputes the hours of `sales_hourly` overlapping the span, then the days around them. */
export async function refreshSalesRollups(db: Db, span: Span): Promise<void> {
  const from = hourBucket(span.fromMs);
  const to = hourBucket(span.toMs - 1) + HOUR_MS;
  const bucket = bucketOf('started_at', HOUR_MS);
  await db.transaction().execute(async (trx) => {
    await sql`delete from sales_hourly where bucket >= ${from} and bucket < ${to} and ${inStations(span.stationIds)}`.execute(
      trx,
    );
    await sql`
      insert into sales_hourly
        (organization_id, station_id, bucket, fuel, payment_mode, transaction_count, quantity_milli, amount_paise)
      select organization_id, station_id, ${bucket}, fuel, payment_mode, count(*), sum(quantity_milli), sum(amount_paise)
        from transactions
       where started_at >= ${from} and started_at < ${to} and ${inStations(span.stationIds)}
       group by organization_id, station_id, ${bucket}, fuel, payment_mode`.execute(trx);
    await refreshDays(trx, {
      fromMs: from,
      toMs: to,
      ...(span.stationIds ? { stationIds: span.stationIds } : {}),
    });
    await refreshCustomerWeeks(trx, { fromMs: from, toMs: to, stationIds: span.stationIds });
  });
}

async function refreshDays(db: Db, span: Span): Promise<void> {
  const from = dayBucket(span.fromMs);
  const to = dayBucket(span.toMs - 1) + DAY_MS;
  const day = bucketOf('bucket', DAY_MS);
  await sql`delete from sales_daily where day >= ${from} and day < ${to} and ${inStations(span.stationIds)}`.execute(
    db,
  );
  await sql`
    insert into sales_daily
      (organization_id, station_id, day, fuel, payment_mode, transaction_count, quantity_milli, amount_paise)
    select organization_id, station_id, ${day}, fuel, payment_mode,
           sum(transaction_count), sum(quantity_milli), sum(amount_paise)
      from sales_hourly
     where bucket >= ${from} and bucket < ${to} and ${inStations(span.stationIds)}
     group by organization_id, station_id, ${day}, fuel, payment_mode`.execute(db);
}

/** Rebuilds all of `sales_daily` from `sales_hourly` (after a bulk load). */
export async function rebuildSalesDaily(db: Db): Promise<void> {
  await db.transaction().execute((trx) => refreshDays(trx, { fromMs: 0, toMs: 8_640_000_000_000_000 }));
}
