import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { stepOf } from './sales.repository';

/**
 * A station's ANPR reads and lane queues per chart step, each read through its
 * `(station_id, time, …)` index within the window (at most a week on the metrics screen).
 */
type Range = { startMs: number; endMs: number; stepMs: number };

export async function sightingsPerStep(
  db: Db,
  stationId: number,
  range: Range,
): Promise<Map<number, number>> {
  const at = stepOf(sql.ref('vehicle_sightings.seen_at'), range.stepMs);
  const { rows } = await sql<{ at: number; n: number }>`
    select ${at} as at, count(*) as n from vehicle_sightings
     where station_id = ${stationId} and seen_at >= ${range.startMs} and seen_at < ${range.endMs}
     group by ${at}`.execute(db);
  return new Map(rows.map((row) => [Number(row.at), Number(row.n)]));
}

export type QueueStep = { queueLength: number; maxQueueLength: number; waitSeconds: number };

export async function queuesPerStep(
  db: Db,
  stationId: number,
  range: Range,
): Promise<Map<number, QueueStep>> {
  const at = stepOf(sql.ref('congestion_samples.sampled_at'), range.stepMs);
  const { rows } = await sql<{ at: number; queue: number; maxQueue: number; wait: number }>`
    select ${at} as at, avg(queue_length) as queue, max(queue_length) as max_queue, avg(wait_seconds) as wait
      from congestion_samples
     where station_id = ${stationId} and sampled_at >= ${range.startMs} and sampled_at < ${range.endMs}
     group by ${at}`.execute(db);
  return new Map(
    rows.map((row) => [
      Number(row.at),
      { queueLength: Number(row.queue), maxQueueLength: Number(row.maxQueue), waitSeconds: Number(row.wait) },
    ]),
  );
}
