import type { TFuel, TPaymentMode } from '@forecourt/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Scope } from '../../lib/scope/scope';
import { scopePredicate } from '../../lib/scope/scope.repository';
import { DAY_MS, HOUR_MS, splitWindow } from '../../lib/time-buckets';

/**
 * Sales totals of a window, grouped by any of fuel, payment mode, station and chart step. Whole IST
 * days come from the `sales_daily` rollup, whole hours at the partial days from `sales_hourly`
 * (both through covering indexes, migration 0004), and the partial hours at the edges from the
 * fills themselves through the `(station_id | organization_id, started_at, id)` index. Every part
 * groups by the same keys and they are merged here, so totals equal the raw sums exactly. A chart
 * step uses the coarsest source it is a multiple of (1d and 1w: days; 1h…12h: hours; 5m: raw).
 */
export type SalesDimensions = { fuel?: boolean; mode?: boolean; station?: boolean; stepMs?: number };
export type SalesFilters = { fuel?: TFuel[] | undefined; paymentMode?: TPaymentMode[] | undefined };

export type SalesRow = {
  fuel: TFuel | null;
  mode: TPaymentMode | null;
  stationId: number | null;
  at: number | null;
  transactions: number;
  quantityMilli: number;
  amountPaise: number;
};

/** Monday 5 January 1970, 00:00 IST (see buckets.ts). */
const GRID_ORIGIN = 4 * DAY_MS - 19_800_000;

/** The chart step containing `column` (integer arithmetic, the same on both dialects). */
export const stepOf = (column: RawBuilder<unknown>, stepMs: number) =>
  sql<number>`(${column} - ${sql.lit(GRID_ORIGIN)}) / ${sql.lit(stepMs)} * ${sql.lit(stepMs)} + ${sql.lit(GRID_ORIGIN)}`;

type Source = { table: string; time: string; count: RawBuilder<number> };

const DAILY: Source = { table: 'sales_daily', time: 'day', count: sql`sum(transaction_count)` };
const HOURLY: Source = { table: 'sales_hourly', time: 'bucket', count: sql`sum(transaction_count)` };
const RAW: Source = { table: 'transactions', time: 'started_at', count: sql`count(*)` };

async function readPart(
  db: Db,
  source: Source,
  scope: Scope,
  range: [number, number],
  dims: SalesDimensions,
  filters: SalesFilters,
): Promise<SalesRow[]> {
  const column = (name: string) => sql.ref(`${source.table}.${name}`);
  const time = column(source.time);
  const fuel = dims.fuel ? column('fuel') : sql`null`;
  const mode = dims.mode ? column('payment_mode') : sql`null`;
  const station = dims.station ? column('station_id') : sql`null`;
  const at = dims.stepMs ? stepOf(time, dims.stepMs) : sql`null`;
  const keys = [dims.fuel && fuel, dims.mode && mode, dims.station && station, dims.stepMs && at].filter(
    (key): key is RawBuilder<unknown> => Boolean(key),
  );
  const fuelFilter = filters.fuel?.length ? sql`and ${column('fuel')} in (${sql.join(filters.fuel)})` : sql``;
  const modeFilter = filters.paymentMode?.length
    ? sql`and ${column('payment_mode')} in (${sql.join(filters.paymentMode)})`
    : sql``;
  const groupBy = keys.length ? sql`group by ${sql.join(keys)}` : sql``;
  const { rows } = await sql<SalesRow>`
    select ${fuel} as fuel, ${mode} as mode, ${station} as station_id, ${at} as at, ${source.count} as transactions,
           sum(${column('quantity_milli')}) as quantity_milli, sum(${column('amount_paise')}) as amount_paise
      from ${sql.table(source.table)}
     where ${scopePredicate(source.table, scope, 'aggregate')} and ${time} >= ${range[0]} and ${time} < ${range[1]}
           ${fuelFilter} ${modeFilter}
     ${groupBy}`.execute(db);
  return rows;
}

/** Totals of `[startMs, endMs)` grouped by `dims`; groups without fills are absent. */
export async function salesBy(
  db: Db,
  scope: Scope,
  window: { startMs: number; endMs: number },
  dims: SalesDimensions,
  filters: SalesFilters = {},
): Promise<SalesRow[]> {
  const step = dims.stepMs;
  const finest = step === undefined || step % DAY_MS === 0 ? 'day' : step % HOUR_MS === 0 ? 'hour' : 'raw';
  const split = splitWindow(window.startMs, window.endMs, finest);
  const parts = await Promise.all([
    ...split.days.map((range) => readPart(db, DAILY, scope, range, dims, filters)),
    ...split.hours.map((range) => readPart(db, HOURLY, scope, range, dims, filters)),
    ...split.raw.map((range) => readPart(db, RAW, scope, range, dims, filters)),
  ]);
  const merged = new Map<string, SalesRow>();
  for (const row of parts.flat()) {
    const normal: SalesRow = {
      fuel: row.fuel,
      mode: row.mode,
      stationId: row.stationId === null ? null : Number(row.stationId),
      at: row.at === null ? null : Number(row.at),
      transactions: Number(row.transactions ?? 0),
      quantityMilli: Number(row.quantityMilli ?? 0),
      amountPaise: Number(row.amountPaise ?? 0),
    };
    if (normal.transactions === 0) continue;
    const key = `${normal.fuel}|${normal.mode}|${normal.stationId}|${normal.at}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, normal);
    else {
      seen.transactions += normal.transactions;
      seen.quantityMilli += normal.quantityMilli;
      seen.amountPaise += normal.amountPaise;
    }
  }
  return [...merged.values()];
}

/**
 * The first IST day with sales in the scope (epoch ms of its midnight), or null without any: one
 * `min(day)` over `sales_daily` through its `(station_id | organization_id, day, …)` indexes.
 */
export async function firstSalesDay(db: Db, scope: Scope): Promise<number | null> {
  const inScope = scopePredicate('sales_daily', scope, 'aggregate');
  const { rows } = await sql<{ day: number | string | null }>`
    select min(day) as day from sales_daily where ${inScope}`.execute(db);
  const day = rows[0]?.day;
  return day === null || day === undefined ? null : Number(day);
}
