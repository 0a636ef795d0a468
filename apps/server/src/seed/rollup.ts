import { FUELS, PAYMENT_MODES, type TFuel, type TPaymentMode } from '@forecourt/contracts';
import type { SeedContext, StationModel } from './context';
import { HOUR, IST_OFFSET } from './time';

/**
 * `sales_hourly` built from exactly the transactions written: every fill is added here as it is
 * generated, and an hour is emitted once no later fill can fall into it. Buckets are
 * the start of the IST clock hour (see `hourBucket`); one row per station, hour, fuel and mode.
 */
type Totals = { count: number; milli: number; amount: number };

const FUEL_INDEX = new Map<TFuel, number>(FUELS.map((f, i) => [f, i]));
const MODE_INDEX = new Map<TPaymentMode, number>(PAYMENT_MODES.map((m, i) => [m, i]));

export class SalesRollup {
  private readonly open = new Map<StationModel, Map<number, Totals>>();

  constructor(private readonly ctx: SeedContext) {}

  add(
    station: StationModel,
    startedAt: number,
    fuel: TFuel,
    mode: TPaymentMode,
    milli: number,
    amount: number,
  ): void {
    let buckets = this.open.get(station);
    if (!buckets) {
      buckets = new Map();
      this.open.set(station, buckets);
    }
    // The IST hour number: bucket = hour * HOUR - IST_OFFSET, i.e. hourBucket(startedAt).
    const hour = Math.floor((startedAt + IST_OFFSET) / HOUR);
    const key = hour * 64 + (FUEL_INDEX.get(fuel) ?? 0) * 8 + (MODE_INDEX.get(mode) ?? 0);
    const totals = buckets.get(key);
    if (totals) {
      totals.count++;
      totals.milli += milli;
      totals.amount += amount;
    } else {
      buckets.set(key, { count: 1, milli, amount });
    }
  }

  /** Emits every hour that ends at or before `limit` (all hours when omitted). */
  flush(limit = Number.POSITIVE_INFINITY): void {
    const sink = this.ctx.sinks.sales_hourly;
    for (const [station, buckets] of this.open) {
      for (const [key, totals] of buckets) {
        const bucket = Math.floor(key / 64) * HOUR - IST_OFFSET;
        if (bucket + HOUR > limit) continue;
        const fuel = FUELS[Math.floor(key / 8) % 8] as TFuel;
        const mode = PAYMENT_MODES[key % 8] as TPaymentMode;
        sink.push([
          station.org.id,
          station.id,
          bucket,
          fuel,
          mode,
          totals.count,
          totals.milli,
          totals.amount,
        ]);
        buckets.delete(key);
      }
    }
  }
}
