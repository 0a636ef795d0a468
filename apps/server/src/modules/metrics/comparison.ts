import type { TKpiComparison, TSalesComparison, TSalesComparisonKind } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Scope } from '../../lib/scope/scope';
import { DAY_MS, HOUR_MS, stepStarts, WEEK_MS } from '../../lib/time-buckets';
import { countVehiclesServed } from './activity.repository';
import { averageTicket } from './kpis';
import { firstSalesDay, type SalesFilters, salesBy } from './sales.repository';

/** The trend's step for a window: an hour up to two days, six hours up to fourteen, else a day. */
export function trendStep(spanMs: number): number {
  if (spanMs <= 2 * DAY_MS) return HOUR_MS;
  if (spanMs <= 14 * DAY_MS) return 6 * HOUR_MS;
  return DAY_MS;
}

type Range = { startMs: number; endMs: number };

/**
 * The window a range is compared with: the previous period (same length, ending where the range
 * starts), the same days a week earlier, or 52 weeks earlier (weekdays and IST steps line up).
 * The one place that shifts a window for a comparison.
 */
export function comparedRange(range: Range, kind: TSalesComparisonKind): Range {
  const shift =
    kind === 'previous' ? range.endMs - range.startMs : kind === 'lastWeek' ? WEEK_MS : 52 * WEEK_MS;
  return { startMs: range.startMs - shift, endMs: range.endMs - shift };
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
  const previousRange = comparedRange(range, 'previous');
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

/**
 * The compared window's sales for the sales chart (see ZSalesComparison): revenue and fills per
 * step of the compared window, paired by position with the current window's `steps`, read from the
 * rollups with the same filters, plus one `min(day)` to know where the data starts.
 */
export async function salesComparison(
  db: Db,
  scope: Scope,
  range: Range & { stepMs: number },
  steps: readonly number[],
  kind: TSalesComparisonKind,
  filters: SalesFilters,
): Promise<TSalesComparison> {
  const compared = comparedRange(range, kind);
  const [dataFrom, rows] = await Promise.all([
    firstSalesDay(db, scope),
    salesBy(db, scope, compared, { stepMs: range.stepMs }, filters),
  ]);
  const coverage =
    dataFrom === null || compared.endMs <= dataFrom
      ? 'none'
      : compared.startMs >= dataFrom
        ? 'full'
        : 'partial';
  const byStep = new Map(rows.map((row) => [row.at, row]));
  const comparedSteps = stepStarts(compared.startMs, compared.endMs, range.stepMs);
  const first = comparedSteps[0] ?? compared.startMs;
  const points = steps.map((_, index) => {
    // Steps are contiguous, so the compared window's i-th step starts i steps after its first.
    const at = first + index * range.stepMs;
    const known = dataFrom !== null && at >= dataFrom && index < comparedSteps.length;
    const row = byStep.get(at);
    return {
      at: new Date(at).toISOString(),
      amountPaise: known ? (row?.amountPaise ?? 0) : null,
      transactions: known ? (row?.transactions ?? 0) : null,
    };
  });
  let totals: TSalesComparison['totals'] = null;
  if (coverage === 'full') {
    const revenuePaise = rows.reduce((sum, row) => sum + row.amountPaise, 0);
    const transactions = rows.reduce((sum, row) => sum + row.transactions, 0);
    totals = { revenuePaise, transactions, averageTicketPaise: averageTicket(revenuePaise, transactions) };
  }
  return {
    kind,
    window: {
      startDate: new Date(compared.startMs).toISOString(),
      endDate: new Date(compared.endMs).toISOString(),
    },
    dataFrom: dataFrom === null ? null : new Date(dataFrom).toISOString(),
    coverage,
    totals,
    points,
  };
}
