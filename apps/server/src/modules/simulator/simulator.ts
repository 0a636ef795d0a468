import {
  type TIngestBatchInput,
  type TIngestResult,
  type TPaymentMode,
  type TVehicleClass,
  ZIngestBatch,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { hash32, Random } from '../../seed/random';
import { pickOrigin } from '../../seed/registrations';
import { HOUR, istHour, MINUTE } from '../../seed/time';
import { fillSeconds, fillSize, fuelAt, hourShares, type StationKind, vehicleFuel } from '../../seed/traffic';
import { EV_SHARE, transientShare } from '../../seed/vehicles';
import type { IngestLog, IngestService } from '../ingest/ingest.service';
import { loadForecourts, type SimNozzle, type SimStation } from './forecourt';
import { dispensingNozzles } from './simulator.repository';

/**
 * The live demo: every few seconds, fills, payments, ANPR reads, nozzle states and queue samples
 * for a few stations of each organisation, sent through the ingest service exactly as a
 * station's API key would send them (same schema, same checks, same writes, same events).
 *
 * Behaviour comes from the seed's models (hour profile, vehicle mix, fuels, fill sizes and times,
 * payment mix, registrations), at {@link LIVELINESS} times the station's usual rate (and at least
 * {@link MIN_FILLS_PER_HOUR} an hour) so a screen visibly moves. A fill lifts its nozzle (`dispensing`) when it starts; when it has been paid, the
 * fill, its payment and its ANPR read are sent and the nozzle is hung up (`idle`). Queue samples
 * come on the 15-minute grid the history uses. Randomness is seeded by station and tick, and
 * source ids are derived from them, so the same tick replayed sends duplicates, not new rows.
 */
export type SimulatorOptions = {
  /** Milliseconds between ticks (default 5 s). */
  intervalMs?: number;
  /** Stations driven per organisation (default 4: the first open ones by id). */
  stationsPerOrganization?: number;
  seed?: number;
  /** Times the stations' usual rate (default {@link LIVELINESS}). */
  liveliness?: number;
};

export type SimulatorDeps = {
  db: Db;
  ingest: IngestService;
  now: () => number;
  log: IngestLog & { info(object: object, message: string): void };
};

export type Simulator = {
  /** Loads the stations and starts ticking (idempotent). */
  start(): void;
  /** Stops ticking and waits for a tick in progress. */
  stop(): Promise<void>;
  /** One step up to `now` (tests call it directly); resolves with what each station's batch did. */
  tick(now: number): Promise<{ stationId: number; result: TIngestResult }[]>;
};

/** How much livelier than the recorded history the demo runs. */
export const LIVELINESS = 3;
/** A driven station never goes quieter than this (a demo opened at 3 am IST still moves). */
const MIN_FILLS_PER_HOUR = 20;
const DEFAULT_INTERVAL_MS = 5_000;
const SLOT_MS = 15 * MINUTE;
const SHARES: Record<StationKind, number[]> = {
  urban: hourShares('urban'),
  highway: hourShares('highway'),
  captive: hourShares('captive'),
};

type PendingFill = {
  station: SimStation;
  sourceId: string;
  nozzle: SimNozzle;
  vehicleClass: TVehicleClass;
  startedAt: number;
  endedAt: number;
  paidAt: number;
  quantityMilli: number;
  unitPricePaise: number;
  amountPaise: number;
  mode: TPaymentMode;
  driveOff: boolean;
  paymentFailed: boolean;
  registration: string | null;
  /** Null when the camera did not read the plate. */
  sighting: { seenAt: number; dwellSeconds: number } | null;
};

/** Every kind of fact; dispenser states only for lost and restored controller links. */
type SimBatch = Required<TIngestBatchInput>;

/** Lost controller links an organisation's driven stations see, per hour in all. */
const LINK_LOSSES_PER_HOUR = 1;

const iso = (ms: number) => new Date(ms).toISOString();

export function createSimulator(deps: SimulatorDeps, options: SimulatorOptions = {}): Simulator {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const seed = options.seed ?? 1;
  const liveliness = options.liveliness ?? LIVELINESS;
  let stations: Promise<SimStation[]> | null = null;
  let last: number | null = null;
  const pending: PendingFill[] = [];
  const busyUntil = new Map<number, number>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  /** Dispensers whose link is down, by station: back up at `until`. */
  const linkDown = new Map<number, { dispenserId: number; until: number }>();
  /** Organisations whose first lost link is still to come (one soon after start, for the demo). */
  const firstLoss = new Set<number>();

  const load = () => {
    stations ??= loadForecourts(deps.db, {
      perOrganization: options.stationsPerOrganization ?? 4,
      seed,
      now: deps.now(),
    }).then(async (loaded) => {
      await hangUpLeftovers(deps, loaded);
      for (const station of loaded) firstLoss.add(station.organizationId);
      deps.log.info({ stations: loaded.map((station) => station.slug) }, 'live simulator driving stations');
      return loaded;
    });
    return stations;
  };

  async function tick(now: number) {
    const driven = await load();
    const from = last ?? now - intervalMs;
    if (now <= from) return [];
    last = now;
    const step = Math.floor(now / intervalMs);
    const results: { stationId: number; result: TIngestResult }[] = [];
    for (const station of driven) {
      const rng = new Random(hash32(seed, station.id, step));
      const batch = stationBatch(rng, station, from, now);
      linkEvents(
        rng,
        station,
        now,
        batch,
        driven.filter((s) => s.organizationId === station.organizationId).length,
      );
      if (itemCount(batch) === 0) continue;
      try {
        const result = await deps.ingest.ingest(
          { stationId: station.id, organizationId: station.organizationId },
          ZIngestBatch.parse(batch),
        );
        results.push({ stationId: station.id, result });
      } catch (error) {
        deps.log.warn({ err: error, stationId: station.id }, 'live simulator: a batch was refused');
      }
    }
    return results;
  }

  /**
   * A dispenser's controller link drops now and then (the organisation's first soon after start,
   * then about {@link LINK_LOSSES_PER_HOUR} an hour over its stations) and comes back minutes later;
   * ingest opens the incident and people are told.
   */
  function linkEvents(rng: Random, station: SimStation, now: number, batch: SimBatch, stationsOfOrg: number) {
    const down = linkDown.get(station.id);
    if (down) {
      if (now < down.until) return;
      linkDown.delete(station.id);
      batch.dispenserStates.push({
        sourceId: `sim-link-up-${down.dispenserId}-${down.until}`,
        dispenserId: down.dispenserId,
        status: 'idle',
        at: iso(now),
      });
      return;
    }
    const first = firstLoss.has(station.organizationId);
    const chance = (LINK_LOSSES_PER_HOUR * intervalMs) / HOUR / Math.max(1, stationsOfOrg);
    if (!first && !rng.chance(chance)) return;
    const nozzle = station.nozzles.length > 0 ? rng.pick(station.nozzles) : null;
    if (!nozzle) return;
    firstLoss.delete(station.organizationId);
    linkDown.set(station.id, { dispenserId: nozzle.dispenserId, until: now + rng.int(3, 8) * MINUTE });
    batch.dispenserStates.push({
      sourceId: `sim-link-down-${nozzle.dispenserId}-${now}`,
      dispenserId: nozzle.dispenserId,
      status: 'offline',
      at: iso(now),
    });
  }

  /** Fills paid by now, nozzles lifted since `from`, passing vehicles and queue samples. */
  function stationBatch(rng: Random, station: SimStation, from: number, now: number): SimBatch {
    const batch: SimBatch = {
      dispenserStates: [],
      transactions: [],
      payments: [],
      sightings: [],
      nozzleStates: [],
      congestionSamples: [],
    };
    const step = Math.floor(now / intervalMs);
    const hourShare = SHARES[station.kind][istHour(now)] ?? 0;
    const perHour = Math.max(station.fillsPerDay * liveliness * hourShare, MIN_FILLS_PER_HOUR);
    const expected = (perHour * (now - from)) / HOUR;

    const fills = rng.poisson(expected);
    for (let n = 0; n < fills; n++) {
      const fill = newFill(rng, station, from + rng.next() * (now - from), `sim-${station.id}-${step}-${n}`);
      if (!fill) continue;
      pending.push(fill);
      busyUntil.set(fill.nozzle.id, fill.endedAt);
      batch.nozzleStates.push({
        sourceId: `${fill.sourceId}:lift`,
        nozzleId: fill.nozzle.id,
        status: 'dispensing',
        at: iso(fill.startedAt),
      });
    }
    for (let i = pending.length - 1; i >= 0; i--) {
      const fill = pending[i] as PendingFill;
      if (fill.station !== station || fill.paidAt > now) continue;
      pending.splice(i, 1);
      completeFill(rng, fill, batch);
    }
    // Vehicles that drive through without buying.
    const passing = rng.poisson(expected * 0.2);
    for (let n = 0; n < passing; n++) {
      const vehicleClass = station.classes.pick(rng);
      batch.sightings.push({
        sourceId: `sim-${station.id}-${step}-p${n}`,
        registration: vehicleFor(rng, station, vehicleClass).registration,
        vehicleClass,
        seenAt: iso(Math.floor(from + rng.next() * (now - from))),
        lane: rng.int(1, station.lanes),
        confidence: rng.int(70, 99),
        dwellSeconds: rng.int(20, 420),
      });
    }
    // Queue samples on the 15-minute grid.
    for (let slot = Math.floor(from / SLOT_MS) + 1; slot * SLOT_MS <= now; slot++) {
      const at = slot * SLOT_MS;
      for (let lane = 1; lane <= station.lanes; lane++) {
        batch.congestionSamples.push({
          sourceId: `sim-${station.id}-q${at}-${lane}`,
          lane,
          sampledAt: iso(at),
          ...queueAt(rng, station, at),
        });
      }
    }
    return batch;
  }

  /** A vehicle arriving at `t`: class, regular or passing through, fuel, nozzle, size, price, payment. */
  function newFill(rng: Random, station: SimStation, t: number, sourceId: string): PendingFill | null {
    const startedAt = Math.floor(t);
    const vehicleClass = station.classes.pick(rng);
    const ev = vehicleClass === 'car' && station.sells.has('ev') && rng.chance(EV_SHARE);
    const vehicle = vehicleFor(rng, station, vehicleClass);
    const baseFuel = ev ? 'ev' : (vehicle.fuel ?? vehicleFuel(rng, vehicleClass, station.place.cngCity));
    const fuel = fuelAt(baseFuel, vehicleClass, rng.chance(0.05), station.sells);
    const free = (station.nozzlesByFuel.get(fuel) ?? []).filter(
      (nozzle) => (busyUntil.get(nozzle.id) ?? 0) <= startedAt,
    );
    if (free.length === 0) return null; // every nozzle for this fuel is busy: the vehicle queues on
    const nozzle = rng.pick(free);
    const price = station.prices.get(fuel) ?? 10_000;
    const size = fillSize(rng, vehicleClass, fuel, station.place.region);
    const quantityMilli = 'milli' in size ? size.milli : Math.round((size.presetPaise * 1000) / price);
    const amountPaise = 'milli' in size ? Math.round((quantityMilli * price) / 1000) : size.presetPaise;
    const endedAt = startedAt + fillSeconds(rng, vehicleClass, fuel, quantityMilli) * 1000;
    const driveOff = rng.chance(0.002);
    const paidAt = driveOff ? endedAt : endedAt + rng.int(8, 40) * 1000;
    const read = rng.chance(vehicleClass === '2w' ? 0.9 : 0.96);
    const seenAt = startedAt - rng.int(40, 300) * 1000;
    const leftAt = paidAt + rng.int(15, 60) * 1000;
    return {
      station,
      sourceId,
      nozzle,
      vehicleClass,
      startedAt,
      endedAt,
      paidAt,
      quantityMilli,
      unitPricePaise: price,
      amountPaise,
      mode: driveOff ? 'cash' : station.payments[vehicleClass].pick(rng),
      driveOff,
      paymentFailed: rng.chance(0.03),
      registration: read || rng.chance(0.5) ? vehicle.registration : null,
      sighting: read ? { seenAt, dwellSeconds: Math.round((leftAt - seenAt) / 1000) } : null,
    };
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      const schedule = () => {
        if (stopped) return;
        timer = setTimeout(() => {
          running = tick(deps.now())
            .catch((error: unknown) => deps.log.error({ err: error }, 'live simulator tick failed'))
            .finally(schedule);
        }, intervalMs);
        timer.unref();
      };
      running = load()
        .catch((error: unknown) => deps.log.error({ err: error }, 'live simulator could not start'))
        .finally(schedule);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      // Fills in progress are dropped; their nozzles must not stay lifted.
      const lifted = pending.splice(0);
      for (const station of new Set(lifted.map((fill) => fill.station))) {
        const now = deps.now();
        const nozzles = lifted.filter((fill) => fill.station === station).map((fill) => fill.nozzle.id);
        await hangUp(deps, station, nozzles, `sim-stop-${now}`, now).catch((error: unknown) =>
          deps.log.warn({ err: error, stationId: station.id }, 'live simulator: hanging up nozzles failed'),
        );
      }
    },
    tick: (now) => {
      const result = running.then(() => tick(now));
      running = result.catch(() => undefined);
      return result;
    },
  };
}

/** A regular of the organisation, or (by the site's share of passing traffic) a vehicle from elsewhere. */
function vehicleFor(
  rng: Random,
  station: SimStation,
  vehicleClass: TVehicleClass,
): { registration: string; fuel: ReturnType<typeof vehicleFuel> | null } {
  const regulars = station.regulars.get(vehicleClass) ?? [];
  if (regulars.length > 0 && !rng.chance(transientShare(station.kind, vehicleClass))) {
    const u = rng.next();
    const regular = regulars[Math.floor(regulars.length * u * u)] ?? regulars[0]!;
    return regular;
  }
  const roaming = station.kind === 'highway' ? (vehicleClass === 'truck' ? 0.9 : 0.5) : 0.1;
  const origin = pickOrigin(rng, station.place, vehicleClass, roaming);
  return { registration: station.registrations.next(origin, vehicleClass), fuel: null };
}

/** The fill, its payment (after a failed attempt now and then), its ANPR read; the nozzle hung up. */
function completeFill(rng: Random, fill: PendingFill, batch: SimBatch): void {
  batch.transactions.push({
    sourceId: fill.sourceId,
    nozzleId: fill.nozzle.id,
    fuel: fill.nozzle.fuel,
    startDate: iso(fill.startedAt),
    endDate: iso(fill.endedAt),
    quantity: fill.quantityMilli / 1000,
    unitPricePaise: fill.unitPricePaise,
    amountPaise: fill.amountPaise,
    paymentMode: fill.mode,
    status: fill.driveOff ? 'unpaid' : 'completed',
    vehicleRegistration: fill.registration,
    vehicleClass: fill.vehicleClass,
  });
  if (!fill.driveOff) {
    const payment = {
      transactionSourceId: fill.sourceId,
      mode: fill.mode,
      amountPaise: fill.amountPaise,
      ...paymentDetails(rng, fill),
    };
    if (fill.paymentFailed && fill.mode !== 'cash' && fill.mode !== 'credit') {
      batch.payments.push({
        ...payment,
        sourceId: `${fill.sourceId}:pay0`,
        timestamp: iso(fill.endedAt + 5_000),
        status: 'failed',
      });
    }
    batch.payments.push({
      ...payment,
      sourceId: `${fill.sourceId}:pay`,
      timestamp: iso(fill.paidAt),
      status: 'success',
    });
  }
  if (fill.sighting && fill.registration) {
    batch.sightings.push({
      sourceId: `${fill.sourceId}:anpr`,
      registration: fill.registration,
      vehicleClass: fill.vehicleClass,
      seenAt: iso(fill.sighting.seenAt),
      lane: fill.nozzle.lane,
      confidence: rng.int(82, 99),
      dwellSeconds: fill.sighting.dwellSeconds,
      transactionSourceId: fill.sourceId,
    });
  }
  batch.nozzleStates.push({
    sourceId: `${fill.sourceId}:hang`,
    nozzleId: fill.nozzle.id,
    status: 'idle',
    at: iso(fill.endedAt),
  });
}

/** A reference and provider shaped like the payment rail's. */
function paymentDetails(rng: Random, fill: PendingFill): { reference: string; provider: string } {
  switch (fill.mode) {
    case 'upi':
      return { reference: `${rng.int(3, 5)}${rng.digits(11)}`, provider: 'UPI QR' };
    case 'card':
      return { reference: `XXXXXXXXXXXX${rng.digits(4)} B${rng.int(100, 999)}`, provider: 'EDC' };
    case 'fleet_card':
      return { reference: `FC XXXX${rng.digits(4)}`, provider: 'Fleet card' };
    case 'loyalty':
      return { reference: `LC XXXX${rng.digits(4)}`, provider: 'Loyalty card' };
    case 'credit':
      return { reference: `CR/${fill.station.id}/${rng.int(1, 999)}`, provider: 'Dealer credit' };
    case 'cash':
      return { reference: `SIM/B${rng.digits(7)}`, provider: 'Cash' };
  }
}

/**
 * Queue length and wait at one lane for the 15-minute slot starting at `at`, as the history is
 * generated (seed/congestion.ts): mean queue grows with the square of the hour's intensity.
 */
function queueAt(rng: Random, station: SimStation, at: number): { queueLength: number; waitSeconds: number } {
  const shares = SHARES[station.kind];
  const intensity = (shares[istHour(at)] ?? 0) / Math.max(...shares);
  const mean = (station.fillsPerDay / station.lanes / 60) * 4 * intensity * intensity;
  const queueLength = Math.max(0, Math.round(mean * rng.float(0.6, 1.5) + rng.normal(0, 0.5)));
  const service = station.kind === 'urban' ? 3.2 : 4.5;
  const waitSeconds =
    queueLength === 0 ? rng.int(0, 25) : Math.round(queueLength * service * 60 * rng.float(0.45, 0.75));
  return { queueLength, waitSeconds };
}

function itemCount(batch: TIngestBatchInput): number {
  return Object.values(batch).reduce((sum, items) => sum + (Array.isArray(items) ? items.length : 0), 0);
}

/** Nozzles a previous run left lifted are hung up (through ingest, like everything else). */
async function hangUpLeftovers(deps: SimulatorDeps, stations: readonly SimStation[]): Promise<void> {
  const now = deps.now();
  const lifted = await dispensingNozzles(
    deps.db,
    stations.map((station) => station.id),
  );
  for (const station of stations) {
    const mine = lifted.filter((nozzle) => nozzle.stationId === station.id).map((nozzle) => nozzle.id);
    if (mine.length > 0) await hangUp(deps, station, mine, `sim-reset-${now}`, now);
  }
}

/** Reports the nozzles idle now. */
async function hangUp(
  deps: SimulatorDeps,
  station: SimStation,
  nozzleIds: readonly number[],
  tag: string,
  now: number,
): Promise<void> {
  await deps.ingest.ingest(
    { stationId: station.id, organizationId: station.organizationId },
    ZIngestBatch.parse({
      nozzleStates: [...new Set(nozzleIds)].map((nozzleId) => ({
        sourceId: `${tag}-${nozzleId}`,
        nozzleId,
        status: 'idle',
        at: iso(now),
      })),
    }),
  );
}
