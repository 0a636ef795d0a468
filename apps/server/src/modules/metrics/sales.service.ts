import type { TFuel, TPaymentMode, TSalesPoint, TSalesQuery, TSalesSeries } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Scope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { salesComparison } from './comparison';
import { summarise } from './kpis';
import { type SalesRow, salesBy } from './sales.repository';
import { chartSteps } from './series';

function point(at: string, rows: readonly SalesRow[]): TSalesPoint {
  const result: TSalesPoint = { at, amountPaise: 0, transactions: 0, fuels: {}, modes: {} };
  for (const row of rows) {
    result.amountPaise += row.amountPaise;
    result.transactions += row.transactions;
    if (row.fuel) {
      const fuel = result.fuels[row.fuel as TFuel] ?? { quantity: 0, amountPaise: 0, transactions: 0 };
      result.fuels[row.fuel as TFuel] = fuel;
      fuel.quantity += row.quantityMilli / 1000;
      fuel.amountPaise += row.amountPaise;
      fuel.transactions += row.transactions;
    }
    if (row.mode) {
      const mode = result.modes[row.mode as TPaymentMode] ?? { amountPaise: 0, transactions: 0 };
      result.modes[row.mode as TPaymentMode] = mode;
      mode.amountPaise += row.amountPaise;
      mode.transactions += row.transactions;
    }
  }
  for (const fuel of Object.values(result.fuels)) fuel.quantity = Math.round(fuel.quantity * 1000) / 1000;
  return result;
}

/**
 * Sales over time by fuel and payment mode (screen `sales`: 7 days by default, at most 180), one
 * point per step including empty ones, plus the window's totals and, when asked, the same figures
 * over a compared window (previous period, last week, last year) step by step beside them.
 */
export async function getSalesSeries(
  db: Db,
  scope: Scope,
  query: TSalesQuery,
  now: number,
): Promise<TSalesSeries> {
  const resolved = resolveRequestWindow('sales', query, now);
  const steps = chartSteps(resolved);
  const filters = { fuel: query.fuel, paymentMode: query.paymentMode };
  const [rows, comparison] = await Promise.all([
    salesBy(db, scope, resolved, { fuel: true, mode: true, stepMs: resolved.stepMs }, filters),
    query.compare ? salesComparison(db, scope, resolved, steps, query.compare, filters) : undefined,
  ]);
  const byStep = new Map<number, SalesRow[]>();
  for (const row of rows) {
    const list = byStep.get(row.at ?? 0) ?? [];
    list.push(row);
    byStep.set(row.at ?? 0, list);
  }
  const totals = summarise(rows);
  return {
    window: resolved.window,
    points: steps.map((at) => point(new Date(at).toISOString(), byStep.get(at) ?? [])),
    fuels: totals.fuels,
    paymentMix: totals.paymentMix,
    ...(comparison ? { comparison } : {}),
  };
}
