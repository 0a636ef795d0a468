import type { SeedContext, StationModel } from './context';
import type { Random } from './random';
import { MINUTE } from './time';
import { hourShares, type StationKind } from './traffic';

/**
 * Queue samples every 15 minutes per lane. The arrival rate follows the station's hourly profile
 * and the day's fill count per lane, so queues build in the morning and evening peaks (mean queue
 * grows with the square of the hour's intensity); the wait is the queue times a service time.
 */
const SLOT = 15 * MINUTE;
const SHARES: Record<StationKind, number[]> = {
  urban: hourShares('urban'),
  highway: hourShares('highway'),
  captive: hourShares('captive'),
};

export function writeCongestion(
  ctx: SeedContext,
  rng: Random,
  station: StationModel,
  dayStart: number,
  fills: number,
): { peakAt: number; peakQueue: number } {
  const sink = ctx.sinks.congestion_samples;
  const shares = SHARES[station.kind];
  const end = Math.min(ctx.now, station.stopsAt ?? Number.POSITIVE_INFINITY);
  const serviceMinutes = station.kind === 'urban' ? 3.2 : 4.5;
  const peakShare = Math.max(...shares);
  let peakAt = dayStart;
  let peakQueue = -1;
  for (let slot = 0; slot < 96; slot++) {
    const at = dayStart + slot * SLOT;
    if (at >= end) break;
    const intensity = (shares[Math.floor(slot / 4)] ?? 0) / peakShare;
    const mean = (fills / station.lanes / 60) * 4 * intensity * intensity;
    for (let lane = 1; lane <= station.lanes; lane++) {
      const queue = Math.max(0, Math.round(mean * rng.float(0.6, 1.5) + rng.normal(0, 0.5)));
      const wait =
        queue === 0 ? rng.int(0, 25) : Math.round(queue * serviceMinutes * 60 * rng.float(0.45, 0.75));
      sink.push([ctx.ids.next('congestion_samples'), station.org.id, station.id, lane, at, queue, wait]);
      if (queue > peakQueue) {
        peakQueue = queue;
        peakAt = at;
      }
    }
  }
  return { peakAt, peakQueue };
}
