import type { TFuel, TFuelProvider, TStationStatus } from '@forecourt/contracts';

/** How station enums read and look on screen. */
export const FUEL_LABELS: Record<TFuel, string> = {
  petrol: 'Petrol',
  diesel: 'Diesel',
  premium: 'Premium',
  cng: 'CNG',
  ev: 'EV charging',
};

export const FUEL_COLORS: Record<TFuel, string> = {
  petrol: 'blue',
  diesel: 'gray',
  premium: 'grape',
  cng: 'teal',
  ev: 'lime',
};

export const STATUS_LABELS: Record<TStationStatus, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  offline: 'Offline',
  closed: 'Closed',
};

export const STATUS_COLORS: Record<TStationStatus, string> = {
  operational: 'green',
  degraded: 'yellow',
  offline: 'red',
  closed: 'gray',
};

export const FUEL_PROVIDER_LABELS: Record<TFuelProvider, string> = {
  IOCL: 'IOCL',
  BPCL: 'BPCL',
  HPCL: 'HPCL',
  Nayara: 'Nayara',
  'Jio-bp': 'Jio-bp',
  Shell: 'Shell',
  Captive: 'Captive',
};
