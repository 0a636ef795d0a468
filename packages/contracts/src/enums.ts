import { z } from 'zod';

/** Fuel grades sold on Indian forecourts. `premium` covers branded petrol (XP95, Speed, Power…). */
export const FUELS = ['petrol', 'diesel', 'premium', 'cng', 'ev'] as const;
export const ZFuel = z.enum(FUELS);
export type TFuel = z.infer<typeof ZFuel>;

/** The unit each fuel is dispensed in: litres, kilograms (CNG) or kilowatt-hours (EV charging). */
export const FUEL_UNITS: Record<TFuel, 'l' | 'kg' | 'kWh'> = {
  petrol: 'l',
  diesel: 'l',
  premium: 'l',
  cng: 'kg',
  ev: 'kWh',
};

/** Bit per fuel, used to store a station's or organisation's fuel set in one integer column. */
export function fuelMask(fuels: readonly TFuel[]): number {
  return fuels.reduce((mask, fuel) => mask | (1 << FUELS.indexOf(fuel)), 0);
}

export function fuelsFromMask(mask: number): TFuel[] {
  return FUELS.filter((_, index) => (mask & (1 << index)) !== 0);
}

export const STATION_STATUSES = ['operational', 'degraded', 'offline', 'closed'] as const;
export const ZStationStatus = z.enum(STATION_STATUSES);
export type TStationStatus = z.infer<typeof ZStationStatus>;

/** Oil marketing companies and private retailers whose brand a station carries. */
export const FUEL_PROVIDERS = ['IOCL', 'BPCL', 'HPCL', 'Nayara', 'Jio-bp', 'Shell', 'Captive'] as const;
export const ZFuelProvider = z.enum(FUEL_PROVIDERS);
export type TFuelProvider = z.infer<typeof ZFuelProvider>;

export const ORGANIZATION_KINDS = ['dealer_group', 'omc_region', 'fleet_operator'] as const;
export const ZOrganizationKind = z.enum(ORGANIZATION_KINDS);

export const VEHICLE_CLASSES = ['2w', '3w', 'car', 'lcv', 'truck', 'bus'] as const;
export const ZVehicleClass = z.enum(VEHICLE_CLASSES);
export type TVehicleClass = z.infer<typeof ZVehicleClass>;

export const PAYMENT_MODES = ['upi', 'cash', 'card', 'fleet_card', 'loyalty', 'credit'] as const;
export const ZPaymentMode = z.enum(PAYMENT_MODES);
export type TPaymentMode = z.infer<typeof ZPaymentMode>;

export const ROLES = ['admin', 'member'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;
