import type { TVehicleClass } from '@forecourt/contracts';
import { NEIGHBOUR_STATES, type Place, STATE_RTOS } from './catalog';
import type { Random } from './random';

/**
 * Indian registration numbers. Two real formats:
 * - state series: state code + RTO number + 0–3 series letters + 4 digits (MH12AB1234,
 *   DL3CAF0521 where Delhi adds a vehicle-category letter, KA05MN0042);
 * - Bharat series: 2-digit year + BH + 4 digits + 1–2 letters (22BH1234AA).
 */
export const REGISTRATION_PATTERN = /^(?:[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{4}|\d{2}BH\d{4}[A-Z]{1,2})$/;

/** Series letters skip I and O (they read as 1 and 0). */
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const SERIES = LETTERS.length * LETTERS.length; // 576 two-letter series
const NUMBERS = 9999; // 0001–9999
const SPACE = SERIES * NUMBERS;
/** Coprime with SPACE (= 2^6·3^4·11·101), so c ↦ (c·STRIDE + offset) mod SPACE is a bijection. */
const STRIDE = 1_000_003;

/** Delhi's category letter by vehicle class. */
const DELHI_CATEGORY: Record<TVehicleClass, string> = {
  '2w': 'S',
  '3w': 'R',
  car: 'C',
  lcv: 'L',
  truck: 'G',
  bus: 'P',
};

export type Origin = { stateCode: string; rto: number } | { bharat: number };

/**
 * Hands out registration numbers that never repeat within one space: the (series, number) pair of
 * the n-th number is a fixed permutation of n, so uniqueness holds whatever state prefix is used.
 * One space per organisation keeps the per-organisation unique index satisfied without a lookup
 * table, which matters at bench scale (millions of passing vehicles).
 */
export class RegistrationSpace {
  private counter = 0;

  constructor(private readonly offset: number) {}

  get issued(): number {
    return this.counter;
  }

  next(origin: Origin, vehicleClass: TVehicleClass): string {
    if (this.counter >= SPACE) throw new Error('registration space exhausted');
    const x = (this.counter++ * STRIDE + this.offset) % SPACE;
    const seriesIndex = Math.floor(x / NUMBERS);
    const number = String((x % NUMBERS) + 1).padStart(4, '0');
    // The first 24 series are written with one letter (A, B…), the rest with two (BA…ZZ): still one string per index.
    const series =
      seriesIndex < LETTERS.length
        ? LETTERS[seriesIndex]!
        : LETTERS[Math.floor(seriesIndex / LETTERS.length)]! + LETTERS[seriesIndex % LETTERS.length]!;
    if ('bharat' in origin) return `${String(origin.bharat).padStart(2, '0')}BH${number}${series}`;
    if (origin.stateCode === 'DL') return `DL${origin.rto}${DELHI_CATEGORY[vehicleClass]}${series}${number}`;
    return `${origin.stateCode}${String(origin.rto).padStart(2, '0')}${series}${number}`;
  }
}

/**
 * Where a vehicle seen at `place` is registered: mostly the local RTOs, sometimes a neighbouring
 * state, and for private cars and two-wheelers occasionally the Bharat (BH) series.
 * `roaming` (0–1) raises the share from elsewhere, e.g. long-haul trucks on a highway.
 */
export function pickOrigin(rng: Random, place: Place, vehicleClass: TVehicleClass, roaming: number): Origin {
  const isPrivate = vehicleClass === 'car' || vehicleClass === '2w';
  if (isPrivate && rng.chance(vehicleClass === 'car' ? 0.03 : 0.01)) return { bharat: rng.int(21, 25) };
  const r = rng.next();
  if (r < 0.8 - 0.6 * roaming) return { stateCode: place.stateCode, rto: rng.pick(place.rtos) };
  const stateCode =
    r < 0.95 - 0.2 * roaming ? rng.pick(NEIGHBOUR_STATES[place.region]) : rng.pick(ALL_STATES);
  const [lo, hi] = STATE_RTOS[stateCode] ?? [1, 20];
  return { stateCode, rto: rng.int(lo, hi) };
}

const ALL_STATES = Object.keys(STATE_RTOS);
