import {
  CHALLAN_STATUSES,
  CUSTOMER_KINDS,
  FUELS,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  type TFuel,
  TRANSACTION_STATUSES,
  VEHICLE_CLASSES,
} from '@forecourt/contracts';
import type { TFilterField } from '../../components/filter-bar';
import { FUEL_LABELS } from '../stations';
import {
  CHALLAN_STATUS_LABELS,
  CUSTOMER_KIND_LABELS,
  PAYMENT_MODE_LABELS,
  PAYMENT_STATUS_LABELS,
  TRANSACTION_STATUS_LABELS,
  VEHICLE_CLASS_LABELS,
} from './labels';
import { STATE_CODE_NAMES, STATE_CODES } from './states';

/** The filters row of each operations list; each `key` is a key of the list's address-bar search. */

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const registration = (key: string): TFilterField => ({
  kind: 'text',
  key,
  label: 'Registration',
  placeholder: 'Starts with, e.g. MH12',
  maxLength: 20,
  upperCase: true,
});

export const fuel = (key: string, fuels: readonly TFuel[] = FUELS): TFilterField => ({
  kind: 'multi',
  key,
  label: 'Fuel',
  placeholder: 'Any fuel',
  options: options(fuels, FUEL_LABELS),
});

/**
 * A station's list filters with its fuel filter offering only the fuels the station sells (as its
 * nozzles give them); every fuel while the station is not known yet.
 */
export function withStationFuels(
  filters: readonly TFilterField[],
  fuels: readonly TFuel[] | undefined,
): readonly TFilterField[] {
  if (!fuels) return filters;
  return filters.map((field) =>
    field.kind === 'multi' && field.key === 'fuel' ? fuel('fuel', fuels) : field,
  );
}

const paymentMode = (key: string): TFilterField => ({
  kind: 'multi',
  key,
  label: 'Payment mode',
  placeholder: 'Any mode',
  options: options(PAYMENT_MODES, PAYMENT_MODE_LABELS),
});

export const status = <T extends string>(values: readonly T[], labels: Record<T, string>): TFilterField => ({
  kind: 'multi',
  key: 'status',
  label: 'Status',
  placeholder: 'Any status',
  options: options(values, labels),
});

const vehicleClass: TFilterField = {
  kind: 'multi',
  key: 'vehicleClass',
  label: 'Vehicle class',
  placeholder: 'Any class',
  options: options(VEHICLE_CLASSES, VEHICLE_CLASS_LABELS),
};

export const TRANSACTION_FILTERS: readonly TFilterField[] = [
  registration('registration'),
  fuel('fuel'),
  paymentMode('paymentMode'),
  status(TRANSACTION_STATUSES, TRANSACTION_STATUS_LABELS),
];

export const PAYMENT_FILTERS: readonly TFilterField[] = [
  paymentMode('mode'),
  status(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS),
];

export const SIGHTING_FILTERS: readonly TFilterField[] = [registration('registration'), vehicleClass];

export const VEHICLE_REGISTRY_FILTERS: readonly TFilterField[] = [
  registration('q'),
  vehicleClass,
  fuel('fuel'),
  {
    kind: 'boolean',
    key: 'isWatchlisted',
    label: 'Watch list',
    anyLabel: 'Any vehicle',
    trueLabel: 'On the watch list',
    falseLabel: 'Not on the watch list',
  },
];

export const CHALLAN_FILTERS: readonly TFilterField[] = [
  registration('registration'),
  status(CHALLAN_STATUSES, CHALLAN_STATUS_LABELS),
  {
    kind: 'multi',
    key: 'stateCode',
    label: 'State',
    placeholder: 'Any state',
    options: STATE_CODES.map((code) => ({ value: code, label: `${code} · ${STATE_CODE_NAMES[code]}` })),
  },
];

export const CUSTOMER_FILTERS: readonly TFilterField[] = [
  { kind: 'text', key: 'q', label: 'Search', placeholder: 'Name or phone', maxLength: 50 },
  {
    kind: 'multi',
    key: 'kind',
    label: 'Kind',
    placeholder: 'Any kind',
    options: options(CUSTOMER_KINDS, CUSTOMER_KIND_LABELS),
  },
];

/** The address-bar keys of a filters row (what the API call takes besides window, sort and cursor). */
export const filterKeys = (fields: readonly TFilterField[]) => fields.map((field) => field.key);
