import type { Db } from '../../db/database';
import { DAY_MS, dayBucket, HOUR_MS, hourBucket } from '../../lib/time-buckets';
import { refreshSalesRollups, refreshSightingsDaily } from '../metrics/rollups';
import type { ResolvedBatch } from './ingest.resolve';

/** Touched buckets this close together are refreshed as one span (fewer, slightly larger refreshes). */
const HOUR_GAP_MS = 6 * HOUR_MS;
const DAY_GAP_MS = 2 * DAY_MS;

/** Sorted bucket starts → `[from, to)` spans, merging buckets at most `gap` apart. */
export function spans(
  starts: readonly number[],
  size: number,
  gap: number,
): { fromMs: number; toMs: number }[] {
  const sorted = [...new Set(starts)].sort((a, b) => a - b);
  const out: { fromMs: number; toMs: number }[] = [];
  for (const start of sorted) {
    const last = out[out.length - 1];
    if (last && start - last.toMs <= gap) last.toMs = start + size;
    else out.push({ fromMs: start, toMs: start + size });
  }
  return out;
}

/**
 * Refreshes the sales rollups of the IST hours the batch's fills started in and the sightings
 * rollup of the IST days its sightings fall in, for this station only, with the metrics module's
 * writers. Every fill of the batch counts, duplicates too: a resent batch repairs the rollups of
 * a first attempt whose refresh failed after its commit. Returns the refreshed hour starts.
 */
export async function refreshTouchedRollups(
  db: Db,
  stationId: number,
  resolved: ResolvedBatch,
): Promise<number[]> {
  const hours = [...new Set(resolved.transactions.map((fill) => hourBucket(fill.startedAt)))].sort(
    (a, b) => a - b,
  );
  for (const span of spans(hours, HOUR_MS, HOUR_GAP_MS)) {
    await refreshSalesRollups(db, { ...span, stationIds: [stationId] });
  }
  const days = resolved.sightings.map(({ row }) => dayBucket(row.seenAt));
  for (const span of spans(days, DAY_MS, DAY_GAP_MS)) {
    await refreshSightingsDaily(db, { ...span, stationIds: [stationId] });
  }
  return hours;
}
