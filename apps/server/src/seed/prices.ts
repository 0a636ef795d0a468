import type { TFuel } from '@forecourt/contracts';
import type { Place } from './catalog';
import type { Random } from './random';

/**
 * Retail prices per station and fuel, revised daily at 06:00 IST. Prices start from the place's
 * base (state taxes differ), get a small brand and station offset and then drift: most days are
 * unchanged, some move by a few paise, with a pull back towards the base. Bounds are the realistic
 * ranges (₹/l, ₹/kg, ₹/kWh) and are never left.
 */
export const PRICE_RANGES: Record<TFuel, readonly [number, number]> = {
  petrol: [94, 110],
  diesel: [87, 98],
  premium: [100, 122],
  cng: [75, 95],
  ev: [18, 24],
};

/** Prices take effect at this IST hour; earlier fills use the previous day's price. */
export const REVISION_HOUR = 6;

const BRAND_OFFSET: Record<string, number> = { IOCL: 0, BPCL: 0.06, HPCL: 0.04, Captive: -0.5 };

const clamp = (fuel: TFuel, rupees: number) => {
  const [min, max] = PRICE_RANGES[fuel];
  return Math.min(max, Math.max(min, rupees));
};

export class PriceTrack {
  private readonly base: Partial<Record<TFuel, number>> = {};
  private readonly current: Partial<Record<TFuel, number>> = {};
  private readonly premiumOffset: number;
  /** Paise per unit effective from 06:00 today, and the previous day's (in force until 06:00). */
  today: Partial<Record<TFuel, number>> = {};
  yesterday: Partial<Record<TFuel, number>> = {};

  constructor(
    rng: Random,
    place: Place,
    brand: string,
    readonly fuels: readonly TFuel[],
  ) {
    const offset = (BRAND_OFFSET[brand] ?? 0) + rng.float(-0.15, 0.15);
    this.premiumOffset = rng.float(6, 12);
    this.base.petrol = place.petrol + offset;
    this.base.diesel = place.diesel + offset;
    this.base.cng = place.cng + rng.float(-0.5, 0.5);
    this.base.ev = rng.float(18.5, 23.5);
    for (const fuel of ['petrol', 'diesel', 'cng', 'ev'] as const) this.current[fuel] = this.base[fuel];
  }

  /** Moves to the next day's prices and returns them (paise). */
  advance(rng: Random): Partial<Record<TFuel, number>> {
    const shock = rng.chance(0.2) ? rng.normal(0, 0.15) : 0;
    for (const fuel of ['petrol', 'diesel'] as const) {
      const value = this.current[fuel] ?? 0;
      this.current[fuel] = value + shock + ((this.base[fuel] ?? value) - value) * 0.05;
    }
    if (rng.chance(0.03)) this.current.cng = (this.current.cng ?? 0) + rng.pick([-1, -0.5, 0.5, 1, 1.5]);
    if (rng.chance(0.01)) this.current.ev = (this.current.ev ?? 0) + rng.pick([-0.5, 0.5]);
    this.yesterday = this.today;
    const next: Partial<Record<TFuel, number>> = {};
    for (const fuel of this.fuels) {
      const rupees =
        fuel === 'premium' ? (this.current.petrol ?? 0) + this.premiumOffset : (this.current[fuel] ?? 0);
      next[fuel] = Math.round(clamp(fuel, rupees) * 100);
    }
    this.today = next;
    return next;
  }

  /** Paise per unit for a fill at the given IST hour of the current day. */
  priceAt(fuel: TFuel, hour: number): number {
    const table = hour < REVISION_HOUR ? this.yesterday : this.today;
    return table[fuel] ?? this.today[fuel] ?? 0;
  }
}
