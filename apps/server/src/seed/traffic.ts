import type { TFuel, TPaymentMode, TVehicleClass } from '@forecourt/contracts';
import type { Region } from './catalog';
import { Picker, type Random } from './random';

/**
 * The behaviour model: when vehicles come (IST hour profiles with morning 08–11 and evening 17–21
 * peaks and a night trough), which vehicles (class mix by site kind), how much they take (fill
 * sizes by class, with the round-rupee fills Indian forecourts see) and how they pay.
 */
export type StationKind = 'urban' | 'highway' | 'captive';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

// Relative fills per IST hour, 00 to 23.
const PROFILES: Record<StationKind, readonly number[]> = {
  urban: [
    0.5, 0.35, 0.3, 0.3, 0.4, 0.8, 2, 3.6, 5.6, 6.4, 5.8, 4.9, 4.3, 4, 4, 4.3, 4.9, 6, 7, 7.1, 6.2, 4.7, 2.8,
    1.4,
  ],
  highway: [
    2.2, 2, 1.8, 1.7, 1.9, 2.4, 3, 3.7, 4.6, 5, 4.7, 4.3, 4.1, 4, 4, 4.1, 4.4, 5, 5.4, 5.4, 4.9, 4.2, 3.4,
    2.8,
  ],
  captive: [
    0.8, 0.6, 0.6, 1, 2.5, 4.5, 6, 6.5, 5, 3.5, 2.8, 2.5, 2.5, 2.5, 2.6, 3, 3.8, 4.8, 6, 6.2, 5, 3.5, 2, 1.2,
  ],
};

export function hourPicker(kind: StationKind): Picker<number> {
  return new Picker(HOURS, PROFILES[kind]);
}

/** Share of a day's fills expected in each IST hour (sums to 1). */
export function hourShares(kind: StationKind): number[] {
  const profile = PROFILES[kind];
  const total = profile.reduce((a, b) => a + b, 0);
  return profile.map((w) => w / total);
}

const CLASS_MIX: Record<StationKind, Record<TVehicleClass, number>> = {
  urban: { '2w': 44, '3w': 8, car: 32, lcv: 7, truck: 5, bus: 4 },
  highway: { '2w': 14, '3w': 2, car: 30, lcv: 14, truck: 33, bus: 7 },
  captive: { '2w': 0, '3w': 0, car: 0, lcv: 23, truck: 62, bus: 15 },
};

export function classPicker(kind: StationKind): Picker<TVehicleClass> {
  return Picker.fromRecord(CLASS_MIX[kind]);
}

export function classShare(kind: StationKind, vehicleClass: TVehicleClass): number {
  const mix = CLASS_MIX[kind];
  const total = Object.values(mix).reduce((a, b) => a + b, 0);
  return mix[vehicleClass] / total;
}

/** The fuel a vehicle of this class runs on, given how common CNG is where it lives. */
export function vehicleFuel(rng: Random, vehicleClass: TVehicleClass, cngCity: boolean): TFuel {
  const cng = cngCity ? 1 : 0.25;
  switch (vehicleClass) {
    case '2w':
      return 'petrol';
    case '3w':
      return rng.weighted(['cng', 'petrol', 'diesel'], [60 * cng, 25, 15]);
    case 'car':
      return rng.weighted(['petrol', 'diesel', 'cng'], [60, 28, 12 * cng]);
    case 'lcv':
      return rng.weighted(['diesel', 'cng'], [80, 20 * cng]);
    case 'truck':
      return 'diesel';
    case 'bus':
      return rng.weighted(['diesel', 'cng'], [80, 25 * cng]);
  }
}

/** What a vehicle actually fills at a station that may not sell its fuel (bi-fuel CNG cars take petrol). */
export function fuelAt(
  fuel: TFuel,
  vehicleClass: TVehicleClass,
  prefersPremium: boolean,
  sells: ReadonlySet<TFuel>,
): TFuel {
  if (fuel === 'petrol' && prefersPremium && sells.has('premium')) return 'premium';
  if (sells.has(fuel)) return fuel;
  const petrolEngine = vehicleClass === 'car' || vehicleClass === '3w' || vehicleClass === '2w';
  if (fuel === 'cng' && petrolEngine && sells.has('petrol')) return 'petrol';
  return sells.has('diesel') ? 'diesel' : 'petrol';
}

const TRUCK_FILL: Record<Region, number> = { north: 130, east: 86, west: 111, south: 105, central: 111 };
const TWO_WHEELER_NOTES = [100, 150, 200, 300, 500];
const CAR_NOTES = [500, 1000, 1500, 2000, 3000];

/**
 * Quantity in milli-units (ml, g or Wh) for one fill, or a preset rupee amount (paise) when the
 * customer asks for "₹200 of petrol" — then the quantity follows from the price.
 */
export function fillSize(
  rng: Random,
  vehicleClass: TVehicleClass,
  fuel: TFuel,
  region: Region,
): { milli: number } | { presetPaise: number } {
  const liquid = fuel === 'petrol' || fuel === 'premium' || fuel === 'diesel';
  let units: number;
  switch (vehicleClass) {
    case '2w':
      if (rng.chance(0.45))
        return { presetPaise: rng.weighted(TWO_WHEELER_NOTES, [12, 10, 38, 22, 18]) * 100 };
      units = rng.clampedNormal(3.3, 0.9, 2, 5);
      break;
    case '3w':
      units = liquid ? rng.clampedNormal(7, 2.2, 3, 12) : rng.clampedNormal(4.5, 1.1, 2, 8);
      break;
    case 'car':
      if (fuel === 'ev') units = rng.clampedNormal(26, 9, 8, 60);
      else if (!liquid) units = rng.clampedNormal(8, 1.8, 4, 12);
      else if (rng.chance(0.35)) return { presetPaise: rng.weighted(CAR_NOTES, [25, 35, 10, 20, 10]) * 100 };
      else units = rng.clampedNormal(25, 6, 15, 35);
      break;
    case 'lcv':
      units = liquid ? rng.clampedNormal(45, 8, 30, 60) : rng.clampedNormal(12, 3, 6, 20);
      break;
    case 'truck':
      units = rng.clampedNormal(TRUCK_FILL[region], 32, 40, 300);
      break;
    case 'bus':
      units = liquid ? rng.float(70, 125) : rng.float(50, 110);
      break;
  }
  return { milli: Math.round(units * 1000) };
}

/** Seconds at the nozzle: flow rate by fuel and class plus handling. */
export function fillSeconds(rng: Random, vehicleClass: TVehicleClass, fuel: TFuel, milli: number): number {
  const units = milli / 1000;
  let perMinute: number;
  if (fuel === 'ev')
    perMinute = rng.float(0.5, 1); // 30–60 kW DC charging, kWh per minute
  else if (fuel === 'cng') perMinute = rng.float(4, 8);
  else perMinute = vehicleClass === 'truck' || vehicleClass === 'bus' ? rng.float(55, 80) : rng.float(30, 40);
  return Math.round((units / perMinute) * 60 + rng.float(25, 75));
}

const PAYMENT_MIX: Record<StationKind, Record<TPaymentMode, number>> = {
  urban: { upi: 46, cash: 26, card: 17, fleet_card: 2.5, loyalty: 0, credit: 5 },
  highway: { upi: 38, cash: 34, card: 11, fleet_card: 6, loyalty: 0, credit: 6 },
  captive: { upi: 4, cash: 4, card: 0, fleet_card: 72, loyalty: 0, credit: 20 },
};

const CLASS_PAYMENT_TILT: Partial<Record<TVehicleClass, Partial<Record<TPaymentMode, number>>>> = {
  '2w': { card: 0.5, fleet_card: 0, credit: 0.1, cash: 1.15 },
  '3w': { card: 0.3, fleet_card: 0, credit: 0.1, cash: 1.4 },
  truck: { fleet_card: 1.8, credit: 1.5, card: 0.6 },
  lcv: { fleet_card: 1.3, credit: 1.3 },
  bus: { fleet_card: 1.5, credit: 1.5 },
};

/** Payment-mode pickers per vehicle class for one station (`cashTilt` > 1 for rural-feeling sites). */
export function paymentPickers(
  kind: StationKind,
  cashTilt: number,
): Record<TVehicleClass, Picker<TPaymentMode>> {
  const base = PAYMENT_MIX[kind];
  const out = {} as Record<TVehicleClass, Picker<TPaymentMode>>;
  for (const vehicleClass of ['2w', '3w', 'car', 'lcv', 'truck', 'bus'] as const) {
    const tilt = CLASS_PAYMENT_TILT[vehicleClass] ?? {};
    const weights: Partial<Record<TPaymentMode, number>> = {};
    for (const mode of Object.keys(base) as TPaymentMode[]) {
      weights[mode] = base[mode] * (tilt[mode] ?? 1) * (mode === 'cash' ? cashTilt : 1);
    }
    out[vehicleClass] = Picker.fromRecord(weights);
  }
  return out;
}
