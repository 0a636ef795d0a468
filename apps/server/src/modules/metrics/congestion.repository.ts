import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CongestionSamplesTable } from '../../db/schema';
import type { SortColumn } from '../../lib/paging/list-page';

/** SQL of the congestion screen: a station's lane samples in a window. */

export type SampleRow = Selectable<CongestionSamplesTable>;

/** Lane samples are 96 a day per lane, and the window is at most a week: every sort reads little. */
export const SAMPLE_SORTS: Record<'sampledAt' | 'queueLength' | 'waitSeconds', SortColumn<SampleRow>> = {
  sampledAt: { column: 'congestion_samples.sampled_at', kind: 'number', value: (row) => row.sampledAt },
  queueLength: { column: 'congestion_samples.queue_length', kind: 'number', value: (row) => row.queueLength },
  waitSeconds: { column: 'congestion_samples.wait_seconds', kind: 'number', value: (row) => row.waitSeconds },
};

export function samplesQuery(
  db: Db,
  stationId: number,
  range: { startMs: number; endMs: number },
  lanes?: number[],
) {
  let query = db
    .selectFrom('congestionSamples')
    .selectAll('congestionSamples')
    .where('congestionSamples.stationId', '=', stationId)
    .where('congestionSamples.sampledAt', '>=', range.startMs)
    .where('congestionSamples.sampledAt', '<', range.endMs);
  if (lanes?.length) query = query.where('congestionSamples.lane', 'in', lanes);
  return query;
}

/** Every sample of the window, oldest first (the summary reads them all: a week at most). */
export function samplesInTimeOrder(
  db: Db,
  stationId: number,
  range: { startMs: number; endMs: number },
): Promise<SampleRow[]> {
  return samplesQuery(db, stationId, range).orderBy('congestionSamples.sampledAt').execute();
}
