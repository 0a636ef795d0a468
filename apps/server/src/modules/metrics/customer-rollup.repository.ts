import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { WEEK_GRID_ORIGIN, WEEK_MS, weekBucket } from '../../lib/time-buckets';

/**
 * Keeps `customer_sales_weekly` (customer fills per station, IST week, customer and fuel) in step
 * with `transactions`. {@link refreshCustomerWeeks} recomputes the weeks overlapping a span from the
 * fills (the partial customer-fill index serves it); the sales rollup refresh calls it for every
 * span it refreshes, so ingest and tests keep it current the same way as the sales rollups. The seed
 * rebuilds it after loading ({@link rebuildCustomerWeeks}).
 */
const weekOf = sql<number>`(${sql.ref('started_at')} - ${sql.lit(WEEK_GRID_ORIGIN)}) / ${sql.lit(WEEK_MS)} * ${sql.lit(WEEK_MS)} + ${sql.lit(WEEK_GRID_ORIGIN)}`;

type Span = { fromMs: number; toMs: number; stationIds?: readonly number[] | undefined };

export async function refreshCustomerWeeks(db: Db, span: Span): Promise<void> {
  const from = weekBucket(span.fromMs);
  const to = weekBucket(span.toMs - 1) + WEEK_MS;
  const stations = span.stationIds
    ? sql<SqlBool>`station_id in (${sql.join([...span.stationIds, -1])})`
    : sql<SqlBool>`1 = 1`;
  await sql`delete from customer_sales_weekly where week >= ${from} and week < ${to} and ${stations}`.execute(
    db,
  );
  await sql`
    insert into customer_sales_weekly
      (organization_id, station_id, week, customer_id, fuel, transaction_count, quantity_milli, amount_paise, last_visit_at)
    select organization_id, station_id, ${weekOf}, customer_id, fuel,
           count(*), sum(quantity_milli), sum(amount_paise), max(started_at)
      from transactions
     where customer_id is not null and started_at >= ${from} and started_at < ${to} and ${stations}
     group by organization_id, station_id, ${weekOf}, customer_id, fuel`.execute(db);
}

/** Rebuilds all of `customer_sales_weekly` from the fills (after a bulk load). */
export async function rebuildCustomerWeeks(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`delete from customer_sales_weekly`.execute(trx);
    await sql`
      insert into customer_sales_weekly
        (organization_id, station_id, week, customer_id, fuel, transaction_count, quantity_milli, amount_paise, last_visit_at)
      select organization_id, station_id, ${weekOf}, customer_id, fuel,
             count(*), sum(quantity_milli), sum(amount_paise), max(started_at)
        from transactions
       where customer_id is not null
       group by organization_id, station_id, ${weekOf}, customer_id, fuel`.execute(trx);
  });
}
