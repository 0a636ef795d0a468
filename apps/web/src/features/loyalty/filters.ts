import {
  LOYALTY_TRANSACTION_KINDS,
  LOYALTY_TRANSACTION_STATUSES,
  SETTLEMENT_STATUSES,
  type TStation,
} from '@forecourt/contracts';
import type { TFilterField } from '../../components/filter-bar';
import { LOYALTY_KIND_LABELS, LOYALTY_STATUS_LABELS, SETTLEMENT_STATUS_LABELS } from './labels';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const stationFilter = (stations: readonly Pick<TStation, 'id' | 'name'>[]): TFilterField => ({
  kind: 'multi',
  key: 'station',
  label: 'Station',
  placeholder: 'Any station',
  options: stations.map((station) => ({ value: String(station.id), label: station.name })),
});

/** Filters of the ledger: isTest, status, kind and station. */
export function loyaltyTransactionFilters(
  stations: readonly Pick<TStation, 'id' | 'name'>[],
): TFilterField[] {
  return [
    {
      kind: 'multi',
      key: 'status',
      label: 'Status',
      placeholder: 'Successful (default)',
      options: options(LOYALTY_TRANSACTION_STATUSES, LOYALTY_STATUS_LABELS),
    },
    {
      kind: 'multi',
      key: 'kind',
      label: 'Kind',
      placeholder: 'Any kind',
      options: options(LOYALTY_TRANSACTION_KINDS, LOYALTY_KIND_LABELS),
    },
    {
      kind: 'boolean',
      key: 'isTest',
      label: 'Entries',
      anyLabel: 'Live (default)',
      trueLabel: 'Test only',
      falseLabel: 'Live only',
    },
    stationFilter(stations),
  ];
}

export const LOYALTY_TRANSACTION_FILTER_KEYS = ['status', 'kind', 'isTest', 'station'] as const;

/** Filters of the settlements. */
export function settlementFilters(stations: readonly Pick<TStation, 'id' | 'name'>[]): TFilterField[] {
  return [
    {
      kind: 'multi',
      key: 'status',
      label: 'Status',
      placeholder: 'Any status',
      options: options(SETTLEMENT_STATUSES, SETTLEMENT_STATUS_LABELS),
    },
    stationFilter(stations),
  ];
}

export const SETTLEMENT_FILTER_KEYS = ['status', 'station'] as const;
