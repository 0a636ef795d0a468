import type { TVehicleClass } from '@forecourt/contracts';
import { PLACES } from './catalog';
import type { SeedContext } from './context';
import type { Random } from './random';
import { DAY, HOUR, IST_OFFSET } from './time';
import type { VehiclePools } from './vehicles';

/**
 * E-challans (traffic fines) for a few per cent of the vehicles an organisation has seen, shaped
 * like the e-challan records: number, time and place, state and department, offences under the
 * Motor Vehicles Act with their 2019 fines, and the contracts' statuses (pending, paid, in_court,
 * disposed).
 */
type Offence = { act: string; name: string; finePaise: number };
const o = (act: string, name: string, rupees: number): Offence => ({ act, name, finePaise: rupees * 100 });

export const OFFENCES = {
  S177: o('S177', 'General offence under the Act', 500),
  S179: o('S179', 'Disobeying lawful directions of an officer', 2_000),
  S181: o('S181', 'Driving without a valid licence', 5_000),
  S183L: o('S183', 'Over-speeding (light motor vehicle)', 1_000),
  S183H: o('S183', 'Over-speeding (medium or heavy vehicle)', 2_000),
  S184: o('S184', 'Dangerous driving or jumping a red light', 5_000),
  S190: o('S190(2)', 'No valid pollution under control (PUC) certificate', 10_000),
  S194: o('S194(1)', 'Overloading of goods vehicle', 20_000),
  S194B: o('S194B', 'Not wearing a seat belt', 1_000),
  S194D: o('S194D', 'Riding without a helmet', 1_000),
  S196: o('S196', 'Driving an uninsured vehicle', 2_000),
} as const;
type Key = keyof typeof OFFENCES;

const BY_CLASS: Record<TVehicleClass, Partial<Record<Key, number>>> = {
  '2w': { S194D: 40, S183L: 10, S177: 10, S184: 8, S190: 10, S196: 8, S179: 6, S181: 8 },
  '3w': { S177: 20, S179: 25, S183L: 10, S190: 20, S184: 10, S196: 15 },
  car: { S183L: 35, S194B: 20, S177: 10, S184: 10, S190: 12, S196: 5, S179: 8 },
  lcv: { S194: 20, S183H: 20, S194B: 10, S190: 15, S179: 15, S177: 10, S184: 5 },
  truck: { S194: 30, S183H: 20, S194B: 10, S190: 15, S179: 15, S177: 10 },
  bus: { S183H: 25, S194B: 15, S190: 15, S179: 20, S177: 15, S184: 10 },
};
const SHARE: Record<TVehicleClass, number> = {
  '2w': 0.04,
  '3w': 0.05,
  car: 0.03,
  lcv: 0.05,
  truck: 0.08,
  bus: 0.04,
};
const ROADS = [
  'Ring Road',
  'Outer Ring Road',
  'Station Road',
  'Main Market Road',
  'Bypass Road',
  'Flyover Junction',
  'Toll Plaza',
];

export function writeChallans(ctx: SeedContext, pools: VehiclePools): void {
  const rng = ctx.rng.fork('challans');
  const sequence = new Map<number, number>();
  for (const [key, vehicles] of pools.all()) {
    const [orgPart, placeKey] = key.split('|');
    const org = ctx.orgs.find((x) => x.id === Number(orgPart));
    if (!org) continue;
    for (const v of vehicles) {
      if (v.firstSeen === 0 || !rng.chance(SHARE[v.vehicleClass])) continue;
      for (let n = rng.chance(0.25) ? 2 : 1; n > 0; n--) {
        const local = org.stations.filter((s) => placeKey === '*' || s.place.key === placeKey);
        const station = rng.pick(local.length > 0 ? local : org.stations);
        if (!station) continue;
        const place = placeKey && placeKey !== '*' ? (PLACES[placeKey] ?? station.place) : station.place;
        const at = ctx.now - rng.int(1, 120 * 24) * HOUR - rng.int(0, 59) * 60_000;
        const seq = (sequence.get(org.id) ?? 0) + 1;
        sequence.set(org.id, seq);
        const offences = pickOffences(rng, v.vehicleClass);
        const fine = offences.reduce((sum, x) => sum + x.finePaise, 0);
        const { status, paidAt, court } = outcome(rng, at, ctx.now, place.name);
        ctx.sinks.challans.push([
          ctx.ids.next('challans'),
          org.id,
          rng.chance(0.6) ? station.id : null,
          challanNumber(place.stateCode, seq, at),
          v.registration,
          at,
          `${rng.pick(ROADS)}, ${place.name}`,
          place.stateCode,
          rng.chance(0.8) ? 'Traffic' : 'Transport',
          JSON.stringify(offences),
          fine,
          status,
          paidAt,
          court,
        ]);
      }
    }
  }
}

/**
 * What became of a challan: paid online within weeks (paid), still open (pending), or — unpaid
 * after 60 days — sent to a (virtual) court, where some are disposed of with the fine paid.
 */
function outcome(
  rng: Random,
  at: number,
  now: number,
  city: string,
): { status: string; paidAt: number | null; court: string | null } {
  const paidAt = at + rng.int(1, 45) * DAY;
  if (rng.chance(0.55) && paidAt < now) return { status: 'paid', paidAt, court: null };
  if (now - at <= 60 * DAY) return { status: 'pending', paidAt: null, court: null };
  const court = rng.chance(0.6) ? `Virtual Court (Traffic), ${city}` : `${city} District Court`;
  const disposedAt = at + rng.int(61, 110) * DAY;
  if (rng.chance(0.45) && disposedAt < now) return { status: 'disposed', paidAt: disposedAt, court };
  return { status: 'in_court', paidAt: null, court };
}

function pickOffences(rng: Random, vehicleClass: TVehicleClass): Offence[] {
  const weights = BY_CLASS[vehicleClass];
  const keys = Object.keys(weights) as Key[];
  const first = rng.weighted(
    keys,
    keys.map((k) => weights[k] ?? 0),
  );
  const picked = [OFFENCES[first]];
  if (rng.chance(0.15)) {
    const second = rng.weighted(
      keys,
      keys.map((k) => (k === first ? 0 : (weights[k] ?? 0))),
    );
    picked.push(OFFENCES[second]);
  }
  return picked;
}

/** State code, a per-organisation sequence and the IST timestamp: e.g. DL0000422503141207. */
function challanNumber(stateCode: string, seq: number, at: number): string {
  const ist = new Date(at + IST_OFFSET).toISOString();
  const stamp = ist.slice(2, 4) + ist.slice(5, 7) + ist.slice(8, 10) + ist.slice(11, 13) + ist.slice(14, 16);
  return `${stateCode}${String(seq).padStart(6, '0')}${stamp}`;
}
