import type {
  TCongestionHour,
  TCongestionSamplePage,
  TCongestionSamplePageQuery,
  TCongestionSummary,
  TCongestionSummaryQuery,
  TLaneCongestion,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { keysetOrder, listPage } from '../../lib/paging/list-page';
import { stepStart } from '../../lib/time-buckets';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { SAMPLE_SORTS, type SampleRow, samplesInTimeOrder, samplesQuery } from './congestion.repository';
import { chartSteps } from './series';

/**
 * The lane samples of a station in the window, keyset pages. Congestion has no window of its own:
 * the default window's limits, opened on a day (screen `congestion`; docs/DECISIONS.md).
 */
export async function listCongestionSamples(
  db: Db,
  stationId: number,
  query: TCongestionSamplePageQuery,
  now: number,
): Promise<TCongestionSamplePage> {
  const { window, startMs, endMs } = resolveRequestWindow('congestion', query, now);
  const rows = samplesQuery(db, stationId, { startMs, endMs }, query.lane);
  const order = keysetOrder(query.sort, SAMPLE_SORTS, 'congestion_samples.id');
  const present = (row: SampleRow) => ({
    id: row.id,
    stationId: row.stationId,
    lane: row.lane,
    sampledAt: new Date(row.sampledAt).toISOString(),
    queueLength: row.queueLength,
    waitSeconds: row.waitSeconds,
  });
  return listPage(db, rows, order, query, present, window);
}

type Acc = { n: number; queue: number; wait: number; max: number };
const add = (acc: Acc | undefined, row: SampleRow): Acc => ({
  n: (acc?.n ?? 0) + 1,
  queue: (acc?.queue ?? 0) + row.queueLength,
  wait: (acc?.wait ?? 0) + row.waitSeconds,
  max: Math.max(acc?.max ?? 0, row.queueLength),
});
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const IST_OFFSET_MS = 19_800_000;

/** Queue and wait per lane over the window and the busiest IST hours (screen `congestion`). */
export async function getCongestionSummary(
  db: Db,
  stationId: number,
  query: TCongestionSummaryQuery,
  now: number,
): Promise<TCongestionSummary> {
  const resolved = resolveRequestWindow('congestion', query, now);
  const steps = new Set(chartSteps(resolved));
  const samples = await samplesInTimeOrder(db, stationId, resolved);
  const lanes = new Map<number, { total?: Acc; steps: Map<number, Acc> }>();
  const hours = new Map<number, Acc>();
  for (const row of samples) {
    const lane = lanes.get(row.lane) ?? { steps: new Map<number, Acc>() };
    lane.total = add(lane.total, row);
    const at = stepStart(row.sampledAt, resolved.stepMs);
    if (steps.has(at)) lane.steps.set(at, add(lane.steps.get(at), row));
    lanes.set(row.lane, lane);
    const hour = Math.floor(((row.sampledAt + IST_OFFSET_MS) % 86_400_000) / 3_600_000);
    hours.set(hour, add(hours.get(hour), row));
  }
  const laneList: TLaneCongestion[] = [...lanes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([lane, { total, steps: bySteps }]) => ({
      lane,
      averageQueueLength: round((total?.queue ?? 0) / (total?.n || 1)),
      maxQueueLength: total?.max ?? 0,
      averageWaitSeconds: round((total?.wait ?? 0) / (total?.n || 1), 1),
      points: [...bySteps.entries()].map(([at, acc]) => ({
        at: new Date(at).toISOString(),
        queueLength: round(acc.queue / acc.n),
        maxQueueLength: acc.max,
        waitSeconds: round(acc.wait / acc.n, 1),
      })),
    }));
  const busiestHours: TCongestionHour[] = [...hours.entries()]
    .map(([hour, acc]) => ({
      hour,
      averageQueueLength: round(acc.queue / acc.n),
      averageWaitSeconds: round(acc.wait / acc.n, 1),
    }))
    .sort((a, b) => b.averageQueueLength - a.averageQueueLength || a.hour - b.hour)
    .slice(0, 5);
  return { window: resolved.window, lanes: laneList, busiestHours };
}
