import type { TKpiComparison } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Scope } from '../../lib/scope/scope';
import { DAY_MS, HOUR_MS, stepStarts } from '../../lib/time-buckets';
import { countVehiclesServed } from './activity.repository';
import { averageTicket } from './kpis';
import { salesBy } from './sales.repository';

/** The trend's step for a window: an hour up to two days, six hours up to fourteen, else a day. */
export function trendStep(spanMs: number): number {
  if (spanMs <= 2 * DAY_MS) return HOUR_MS;
  if (spanMs <= 14 * DAY_MS) return 6 * HOUR_MS;
  return DAY_MS;
}

/**
 * The previous period's figures and this window's trend (see ZKpiComparison), from the sales
 * rollups: two aggregate reads and a count of served visits, bounded by the window's length.
 */
export async function kpiComparison(
  db: Db,
  scope: Scope,
  range: { startMs: number; endMs: number },
): Promise<TKpiComparison> {
  const span = range.endMs - range.startMs;
  const previousRange = { startMs: range.startMs - span, endMs: range.startMs };
  const stepMs = trendStep(span);
  const [previousSales, vehiclesServed, steps] = await Promise.all([
    salesBy(db, scope, previousRange, {}),
    countVehiclesServed(db, scope, previousRange),
    salesBy(db, scope, range, { stepMs }),
  ]);
  let revenuePaise = 0;
  let transactions = 0;
  for (const row of previousSales) {
    revenuePaise += row.amountPaise;
    transactions += row.transactions;
  }
  const byStep = new Map(steps.map((row) => [row.at, row]));
  const trend = stepStarts(range.startMs, range.endMs, stepMs).map((at) => {
    const row = byStep.get(at);
    return {
      at: new Date(at).toISOString(),
      revenuePaise: row?.amountPaise ?? 0,
      transactions: row?.transactions ?? 0,
    };
  });
  return {
    previousWindow: {
      startDate: new Date(previousRange.startMs).toISOString(),
      endDate: new Date(previousRange.endMs).toISOString(),
    },
    previous: {
      revenuePaise,
      transactions,
      averageTicketPaise: averageTicket(revenuePaise, transactions),
      vehiclesServed,
    },
    stepMs,
    trend,
  };
}
