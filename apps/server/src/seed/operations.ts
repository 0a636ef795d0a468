import type { TFuel } from '@forecourt/contracts';
import type { SeedContext, StationModel } from './context';
import type { IncidentLog, IncidentType } from './incidents';
import type { Random } from './random';
import { HOUR, MINUTE } from './time';

/**
 * What happened at a station on one day, as far as incidents care; the sales loop fills it in and
 * `dayIncidents` turns it into incidents: watchlisted vehicles read by ANPR, the worst queue of
 * the day, bursts of failed payments, the day's drive-off if there was one, and random faults,
 * price mismatches and safety reports whose rate grows with the station's traffic.
 */
export type DayFacts = {
  dayStart: number;
  fills: number;
  peakAt: number;
  peakQueue: number;
  peakLane: number;
  failedPayments: number;
  lastFailureAt: number;
  watchHit: { registration: string; at: number } | null;
  /** The day's drive-off: a fill left unpaid (status 'unpaid', no payment rows). */
  driveOff: {
    registration: string | null;
    at: number;
    amountPaise: number;
    fuel: TFuel;
    dispenser: string;
    dispenserId: number;
  } | null;
};

export function newDayFacts(dayStart: number): DayFacts {
  return {
    dayStart,
    fills: 0,
    peakAt: dayStart,
    peakQueue: 0,
    peakLane: 1,
    failedPayments: 0,
    lastFailureAt: dayStart,
    watchHit: null,
    driveOff: null,
  };
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
const FAULTS = [
  'pulser error',
  'display blank',
  'nozzle switch stuck',
  'flow-meter drift beyond tolerance',
  'controller link lost',
];
const SAFETY = [
  'Fuel spill near dispenser island',
  'Smoking reported in the dispensing area',
  'Fire extinguisher past refill date',
  'Mobile phone use during CNG filling',
  'Tank earthing resistance out of range',
];
const WATCHLIST_REASONS = [
  'end-of-life vehicle',
  'no valid PUC certificate',
  'reported stolen',
  'pending court challan',
];

export function dayIncidents(
  ctx: SeedContext,
  log: IncidentLog,
  rng: Random,
  station: StationModel,
  day: DayFacts,
): void {
  if (day.fills === 0) return;
  if (day.watchHit && rng.chance(0.3)) {
    const { registration, at } = day.watchHit;
    const reason = rng.pick(WATCHLIST_REASONS);
    log.open(rng, {
      station,
      type: 'anpr_watchlist_hit',
      severity: reason === 'reported stolen' ? 'critical' : 'high',
      openedAt: at + 5_000,
      title: `Watchlisted vehicle ${registration} at the entrance`,
      description: `ANPR matched ${registration} against the watchlist (${reason}).`,
      data: { registration, reason },
    });
  }
  if (day.peakQueue >= 7 && rng.chance(0.06)) {
    log.open(rng, {
      station,
      type: 'queue_congestion',
      severity: day.peakQueue >= 9 ? 'high' : 'medium',
      openedAt: day.peakAt + rng.int(1, 14) * MINUTE,
      title: `Queue of ${day.peakQueue} vehicles on lane ${day.peakLane}`,
      description: `Queue on lane ${day.peakLane} stayed above the threshold of 7 vehicles.`,
      data: { lane: day.peakLane, queueLength: day.peakQueue },
    });
  }
  if (day.failedPayments >= Math.max(4, day.fills * 0.035) && rng.chance(0.15)) {
    log.open(rng, {
      station,
      type: 'payment_failure',
      severity: day.failedPayments >= 8 ? 'high' : 'medium',
      openedAt: day.lastFailureAt + MINUTE,
      title: `${day.failedPayments} failed payments today`,
      description: `${day.failedPayments} UPI and card payments failed before succeeding on retry.`,
      data: { failed: day.failedPayments },
    });
  }
  if (day.driveOff) {
    const c = day.driveOff;
    log.open(rng, {
      station,
      type: 'drive_off',
      severity: c.amountPaise > 300_000 ? 'high' : 'medium',
      openedAt: c.at + rng.int(2, 6) * MINUTE,
      dispenserId: c.dispenserId,
      title: `Drive-off at ${c.dispenser}${c.registration ? ` by ${c.registration}` : ''}`,
      description: `A vehicle left without paying ${rupees(c.amountPaise)} for ${c.fuel} at dispenser ${c.dispenser}.`,
      data: { registration: c.registration, amountPaise: c.amountPaise, fuel: c.fuel },
    });
  }
  const random = rng.poisson(0.04 + station.volume / 6_000);
  for (let i = 0; i < random; i++) {
    const type = rng.weighted<IncidentType>(['dispenser_fault', 'price_mismatch', 'safety'], [15, 10, 10]);
    randomIncident(ctx, log, rng, station, day, type);
  }
}

function randomIncident(
  ctx: SeedContext,
  log: IncidentLog,
  rng: Random,
  station: StationModel,
  day: DayFacts,
  type: IncidentType,
): void {
  const at = Math.min(ctx.now - MINUTE, day.dayStart + rng.int(7 * 60, 22 * 60) * MINUTE);
  if (at <= day.dayStart) return;
  const dispenser = rng.pick(station.dispensers);
  if (type === 'dispenser_fault' && dispenser) {
    const fault = rng.pick(FAULTS);
    log.open(rng, {
      station,
      type,
      severity: rng.pick(['medium', 'high'] as const),
      openedAt: at,
      dispenserId: dispenser.id,
      title: `Dispenser ${dispenser.code}: ${fault}`,
      description: `${dispenser.make} dispenser ${dispenser.code} on lane ${dispenser.lane} reported ${fault}.`,
      data: { dispenser: dispenser.code, fault },
    });
  } else if (type === 'price_mismatch') {
    const fuel = rng.pick(station.fuels);
    const expected = station.prices.priceAt(fuel, 7);
    const shown = expected + rng.pick([-150, -50, 50, 120]);
    log.open(rng, {
      station,
      type,
      severity: 'medium',
      openedAt: day.dayStart + 6 * HOUR + rng.int(2, 50) * MINUTE,
      dispenserId: dispenser?.id ?? null,
      title: `Price mismatch on ${fuel} at ${dispenser?.code ?? 'the forecourt'}`,
      description: `Dispenser showed ${rupees(shown)} while today's ${fuel} price is ${rupees(expected)} after the 06:00 revision.`,
      data: { fuel, expectedPaise: expected, shownPaise: shown },
    });
  } else if (type === 'safety') {
    log.open(rng, {
      station,
      type,
      severity: rng.pick(['low', 'medium', 'high', 'critical'] as const),
      openedAt: at,
      title: rng.pick(SAFETY),
      description: `Reported by the shift supervisor at ${station.name}.`,
    });
  }
}

/** Open faults behind the dispensers that are out of service right now. */
export function currentFaults(ctx: SeedContext, log: IncidentLog): void {
  for (const station of ctx.stations) {
    for (const dispenser of station.dispensers) {
      if (dispenser.faultSince === null) continue;
      const rng = ctx.rng.fork('fault', dispenser.id);
      const fault = rng.pick(FAULTS);
      log.open(rng, {
        station,
        type: 'dispenser_fault',
        severity: 'high',
        openedAt: dispenser.faultSince,
        dispenserId: dispenser.id,
        ongoing: true,
        title: `Dispenser ${dispenser.code}: ${fault}`,
        description: `${dispenser.make} dispenser ${dispenser.code} is ${dispenser.status}: ${fault}.`,
        data: { dispenser: dispenser.code, fault },
      });
    }
  }
}
