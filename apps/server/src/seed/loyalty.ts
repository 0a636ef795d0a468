import type { TPaymentMode } from '@forecourt/contracts';
import type { SeedContext, StationModel } from './context';
import type { Random } from './random';
import { DAY, istDayStart, istWeekday } from './time';
import type { PoolVehicle } from './vehicles';

/**
 * Loyalty programmes (one per organisation), the points earned and redeemed on fills by members'
 * vehicles, and settlements: per station and period (daily for the dealer group, weekly for the
 * others) the programme pays out what was paid with its cards, less a fee, by NEFT (UTR).
 */
export function writePrograms(ctx: SeedContext): void {
  const created = ctx.firstDay - 500 * DAY;
  for (const org of ctx.orgs) {
    org.programId = ctx.ids.next('loyalty_programs');
    const p = org.plan.program;
    ctx.sinks.loyalty_programs.push([
      org.programId,
      org.id,
      p.slug,
      p.name,
      p.pointsPerHundred,
      created,
      created,
    ]);
  }
}

type Period = { start: number; end: number; count: number; gross: number };

const FEE_RATE = 0.0075;
const BANK_CODES = ['KAVB', 'TRNB', 'NRMD', 'MGDT'];

export class LoyaltyBook {
  private readonly periods = new Map<StationModel, Period>();

  constructor(private readonly ctx: SeedContext) {}

  /** Loyalty rows for one fill, and the settlement share of programme-card payments. */
  onFill(
    rng: Random,
    station: StationModel,
    transactionId: number,
    at: number,
    amountPaise: number,
    mode: TPaymentMode,
    vehicle: PoolVehicle | null,
  ): void {
    if (!vehicle?.cardId) return;
    if (mode === 'fleet_card' || mode === 'loyalty') this.accrue(station, at, amountPaise);
    if (vehicle.link !== 'loyalty') return;
    const org = station.org;
    const perHundred = org.plan.program.pointsPerHundred;
    let kind: string;
    let points: number;
    if (mode === 'loyalty') {
      kind = 'redeem';
      points = Math.round(amountPaise / 100);
    } else {
      if (perHundred === 0 || !rng.chance(0.92)) return;
      kind = 'earn';
      points = Math.floor((amountPaise / 10_000) * perHundred);
      if (points === 0) return;
    }
    let status = rng.weighted(['success', 'failed', 'reversed'], [96, 2.5, 1.5]);
    if (at > this.ctx.now - 2 * 3_600_000 && rng.chance(0.3)) status = 'pending';
    this.ctx.sinks.loyalty_transactions.push([
      this.ctx.ids.next('loyalty_transactions'),
      org.id,
      org.programId,
      station.id,
      vehicle.customer?.id ?? null,
      vehicle.cardId,
      transactionId,
      kind,
      points,
      amountPaise,
      status,
      0,
      at + 2_000,
    ]);
  }

  /** Now and then a test transaction from the programme's integration checks (is_test = 1). */
  maybeTest(rng: Random, station: StationModel, dayStart: number): void {
    if (!rng.chance(0.01)) return;
    const at = dayStart + rng.int(10, 17) * 3_600_000;
    if (at >= this.ctx.now) return;
    const org = station.org;
    this.ctx.sinks.loyalty_transactions.push([
      this.ctx.ids.next('loyalty_transactions'),
      org.id,
      org.programId,
      station.id,
      null,
      null,
      null,
      rng.pick(['earn', 'redeem']),
      rng.pick([1, 10, 100]),
      rng.pick([100, 10_000]),
      rng.pick(['success', 'success', 'failed']),
      1,
      at,
    ]);
  }

  private accrue(station: StationModel, at: number, amountPaise: number): void {
    let period = this.periods.get(station);
    if (!period || at >= period.end) {
      if (period) this.settle(station, period);
      const start = periodStart(station, at);
      period = {
        start,
        end: start + (station.org.plan.settlement === 'daily' ? DAY : 7 * DAY),
        count: 0,
        gross: 0,
      };
      this.periods.set(station, period);
    }
    period.count++;
    period.gross += amountPaise;
  }

  /** Writes the settlements of periods that ended by `limit`; with no limit, also the open ones. */
  close(limit = Number.POSITIVE_INFINITY): void {
    for (const [station, period] of this.periods) {
      if (period.end > limit) continue;
      this.settle(station, period);
      this.periods.delete(station);
    }
  }

  private settle(station: StationModel, period: Period): void {
    if (period.count === 0) return;
    const { ctx } = this;
    const rng = ctx.rng.fork('settlement', station.id, period.start);
    const fee = Math.round(period.gross * FEE_RATE);
    const settledAt = period.end + rng.int(20, 40) * 3_600_000;
    let status: string;
    if (period.end > ctx.now)
      status = 'pending'; // the period is still running
    else if (settledAt > ctx.now) status = 'processing';
    else status = rng.weighted(['settled', 'failed'], [97, 3]);
    const settled = status === 'settled';
    const utr = settled ? `${rng.pick(BANK_CODES)}N${rng.digits(11)}` : null;
    const created = Math.min(period.end, ctx.now);
    ctx.sinks.settlements.push([
      ctx.ids.next('settlements'),
      station.org.id,
      station.org.programId,
      station.id,
      period.start,
      period.end,
      period.count,
      period.gross,
      fee,
      period.gross - fee,
      status,
      utr,
      settled ? settledAt : null,
      created,
      settled ? settledAt : created,
    ]);
  }
}

/** Start of the settlement period containing `at`: the IST day, or the IST week from Monday. */
function periodStart(station: StationModel, at: number): number {
  const day = istDayStart(at);
  if (station.org.plan.settlement === 'daily') return day;
  return day - ((istWeekday(day + 12 * 3_600_000) + 6) % 7) * DAY;
}
