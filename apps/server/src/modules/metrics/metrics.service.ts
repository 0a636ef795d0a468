import type { TFuel, TMetricsPoint, TStationMetrics, TStationMetricsQuery } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Scope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { averageTicket } from './kpis';
import { type SalesRow, salesBy } from './sales.repository';
import { chartSteps } from './series';
import { queuesPerStep, sightingsPerStep } from './traffic.repository';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The metrics chart of a station (screen `stationMetrics`: 24 hours, at most a week): volume per
 * fuel, transactions, revenue and average ticket from the rollup, vehicles from the ANPR reads and
 * queue length and wait from the lane samples, one point per step.
 */
export async function getStationMetrics(
  db: Db,
  stationId: number,
  scope: Scope,
  query: TStationMetricsQuery,
  now: number,
): Promise<TStationMetrics> {
  const resolved = resolveRequestWindow('stationMetrics', query, now);
  const steps = chartSteps(resolved);
  const [sales, vehicles, queues] = await Promise.all([
    salesBy(db, scope, resolved, { fuel: true, stepMs: resolved.stepMs }),
    sightingsPerStep(db, stationId, resolved),
    queuesPerStep(db, stationId, resolved),
  ]);
  const byStep = new Map<number, SalesRow[]>();
  for (const row of sales) byStep.set(row.at ?? 0, [...(byStep.get(row.at ?? 0) ?? []), row]);
  const points = steps.map((at): TMetricsPoint => {
    const rows = byStep.get(at) ?? [];
    const volume: Partial<Record<TFuel, number>> = {};
    let transactions = 0;
    let amountPaise = 0;
    for (const row of rows) {
      if (row.fuel) volume[row.fuel] = round((volume[row.fuel] ?? 0) + row.quantityMilli / 1000, 3);
      transactions += row.transactions;
      amountPaise += row.amountPaise;
    }
    const queue = queues.get(at);
    return {
      at: new Date(at).toISOString(),
      volume,
      transactions,
      amountPaise,
      averageTicketPaise: averageTicket(amountPaise, transactions),
      vehicles: vehicles.get(at) ?? 0,
      queueLength: queue ? round(queue.queueLength, 2) : null,
      maxQueueLength: queue ? queue.maxQueueLength : null,
      waitSeconds: queue ? round(queue.waitSeconds, 1) : null,
    };
  });
  return { window: resolved.window, points };
}
