import { writeCongestion } from './congestion';
import type { SeedContext, StationModel } from './context';
import { FillWriter } from './fills';
import type { IncidentLog } from './incidents';
import type { LoyaltyBook } from './loyalty';
import { dayIncidents, newDayFacts } from './operations';
import type { Random } from './random';
import { SalesRollup } from './rollup';
import { DAY, HOUR, istDate, istWeekday } from './time';
import type { VehiclePools } from './vehicles';

/**
 * The history, generated day by day and station by station so memory stays flat at any scale:
 * the day's prices, then its fills in time order — each a transaction with its payments, ANPR
 * sightings (plus reads of vehicles that did not buy), loyalty points and rollup totals — then
 * the lane congestion samples and the day's incidents.
 */
const WEEKDAY: Record<StationModel['kind'], readonly number[]> = {
  urban: [0.88, 1.02, 1, 1, 1.01, 1.05, 1.04],
  highway: [0.92, 1.02, 1.01, 1.01, 1.02, 1.03, 1],
  captive: [0.7, 1.05, 1.05, 1.05, 1.05, 1.05, 0.9],
};

export type SalesParts = { pools: VehiclePools; incidents: IncidentLog; loyalty: LoyaltyBook };

export async function generateHistory(ctx: SeedContext, parts: SalesParts): Promise<void> {
  const gen = new DayGenerator(ctx, parts);
  for (const station of ctx.stations)
    gen.writePrices(station, ctx.rng.fork('prices', station.id), ctx.firstDay - DAY);
  const started = performance.now();
  const every = Math.max(1, Math.ceil(ctx.scale.days / 10));
  for (let d = 0; d < ctx.scale.days; d++) {
    const dayStart = ctx.firstDay + d * DAY;
    for (const station of ctx.stations) gen.stationDay(station, d, dayStart);
    gen.rollup.flush(dayStart + DAY);
    parts.loyalty.close(dayStart + DAY);
    await ctx.writer.yield();
    if ((d + 1) % every === 0 || d === ctx.scale.days - 1) {
      const seconds = (performance.now() - started) / 1000;
      const rows = ctx.writer.totalRows();
      ctx.log(
        `  day ${d + 1}/${ctx.scale.days} (${istDate(dayStart)}): ${gen.transactions.toLocaleString('en-US')} transactions, ` +
          `${rows.toLocaleString('en-US')} rows, ${Math.round(rows / seconds / 1000)}k rows/s`,
      );
    }
  }
  gen.rollup.flush();
  parts.loyalty.close();
}

class DayGenerator {
  readonly rollup: SalesRollup;
  private readonly fills: FillWriter;

  constructor(
    private readonly ctx: SeedContext,
    private readonly parts: SalesParts,
  ) {
    this.rollup = new SalesRollup(ctx);
    this.fills = new FillWriter(ctx, parts.pools, parts.loyalty, this.rollup);
  }

  get transactions(): number {
    return this.fills.transactions;
  }

  writePrices(station: StationModel, rng: Random, dayStart: number): void {
    const prices = station.prices.advance(rng);
    const date = istDate(dayStart);
    for (const fuel of station.fuels) {
      this.ctx.sinks.fuel_prices.push([
        this.ctx.ids.next('fuel_prices'),
        station.org.id,
        station.id,
        fuel,
        date,
        prices[fuel],
      ]);
    }
  }

  stationDay(station: StationModel, d: number, dayStart: number): void {
    const { ctx } = this;
    const rng = ctx.rng.fork('day', station.id, d);
    const end = Math.min(ctx.now, station.stopsAt ?? Number.POSITIVE_INFINITY, dayStart + DAY);
    if (end <= dayStart) return; // closed: no prices, no sales
    this.writePrices(station, rng, dayStart);
    const factor =
      (WEEKDAY[station.kind][istWeekday(dayStart + 12 * HOUR)] ?? 1) * rng.clampedNormal(1, 0.07, 0.7, 1.3);
    const planned = Math.round(station.volume * factor);
    const extra = Math.round(planned * 0.16); // ANPR reads of vehicles that leave without a fill
    const events = new Float64Array(planned + extra);
    for (let i = 0; i < events.length; i++) {
      const t = dayStart + station.hours.pick(rng) * HOUR + Math.floor(rng.next() * HOUR);
      events[i] = t * 2 + (i < planned ? 0 : 1);
    }
    events.sort();
    const facts = newDayFacts(dayStart);
    // Now and then one fill is a drive-off (busier stations see more).
    const driveOff = rng.chance(0.01 + station.volume / 20_000) ? rng.int(0, Math.max(0, planned - 1)) : -1;
    for (let i = 0; i < events.length; i++) {
      const code = events[i]!;
      const t = Math.floor(code / 2);
      if (t >= end) break;
      if (code - t * 2 === 0) this.fills.fill(rng, station, t, facts, facts.fills === driveOff);
      else this.fills.passBy(rng, station, t);
    }
    const peak = writeCongestion(ctx, rng, station, dayStart, facts.fills);
    facts.peakAt = peak.peakAt;
    facts.peakQueue = peak.peakQueue;
    facts.peakLane = rng.int(1, station.lanes);
    dayIncidents(ctx, this.parts.incidents, rng, station, facts);
    this.parts.loyalty.maybeTest(rng, station, dayStart);
  }
}
