import type { TTimeWindowScreen } from '@forecourt/contracts';
import type { TColumn } from '../../components/data-table';
import type { TFilterField } from '../../components/filter-bar';
import type { TNoun } from '../../components/lists/keyset-list-screen';
import type { TStationListPage, TStationListResource } from './api';
import {
  challanColumns,
  customerColumns,
  paymentColumns,
  sightingColumns,
  transactionColumns,
} from './columns';
import {
  CHALLAN_FILTERS,
  CUSTOMER_FILTERS,
  PAYMENT_FILTERS,
  SIGHTING_FILTERS,
  TRANSACTION_FILTERS,
} from './filters';

export type TStationListRow<R extends TStationListResource> = TStationListPage<R>['results'][number];

/** Everything that tells one station list apart from the others: its API, window, filters and table. */
export type TStationList<R extends TStationListResource> = {
  resource: R;
  /** The time-window screen (its limits in `TIME_WINDOWS`). */
  window: TTimeWindowScreen;
  title: string;
  description: string;
  noun: TNoun;
  filters: readonly TFilterField[];
  /** The API's default sort, shown on the headers when the address has none. */
  defaultSort: string;
  columns: readonly TColumn<TStationListRow<R>>[];
  /** Test ids `<testId>-table` and `<testId>-row`. */
  testId: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** The empty state without filters. */
  empty: { title: string; description: string };
};

const LONGER_WINDOW = 'Choose a longer window to look further back.';

export const TRANSACTIONS_LIST: TStationList<'transactions'> = {
  resource: 'transactions',
  window: 'transactions',
  title: 'Transactions',
  description:
    'Every fill at this station, newest first. Sorting by quantity works on windows of up to 31 days.',
  noun: { one: 'transaction', other: 'transactions' },
  filters: TRANSACTION_FILTERS,
  defaultSort: '-startDate',
  // The route puts the nozzle names in; without them a fill shows its fuel and nozzle id.
  columns: [
    transactionColumns.time,
    transactionColumns.nozzleFuel(new Map()),
    transactionColumns.quantity,
    transactionColumns.amount,
    transactionColumns.paymentMode,
    transactionColumns.status,
    transactionColumns.vehicle,
  ],
  testId: 'transactions',
  minWidth: 960,
  empty: {
    title: 'No transactions in this window',
    description: `Nothing was sold here in this time window. ${LONGER_WINDOW}`,
  },
};

export const PAYMENTS_LIST: TStationList<'payments'> = {
  resource: 'payments',
  window: 'payments',
  title: 'Payments',
  description:
    'Payments confirmed or refused by their providers, newest first, or by amount over any window.',
  noun: { one: 'payment', other: 'payments' },
  filters: PAYMENT_FILTERS,
  defaultSort: '-timestamp',
  columns: paymentColumns,
  testId: 'payments',
  minWidth: 860,
  empty: {
    title: 'No payments in this window',
    description: `No payment reached this station in this time window. ${LONGER_WINDOW}`,
  },
};

export const SIGHTINGS_LIST: TStationList<'vehicles'> = {
  resource: 'vehicles',
  window: 'stationVehicles',
  title: 'Vehicles',
  description:
    'Vehicles read by the entrance cameras, latest first, with their time on the forecourt and whether they filled. Sorting by time on the forecourt works on windows of up to 31 days.',
  noun: { one: 'vehicle visit', other: 'vehicle visits' },
  filters: SIGHTING_FILTERS,
  defaultSort: '-servedAt',
  columns: [
    sightingColumns.time,
    sightingColumns.vehicle,
    sightingColumns.lane,
    sightingColumns.dwell,
    sightingColumns.confidence,
    sightingColumns.outcome,
  ],
  testId: 'sightings',
  minWidth: 760,
  empty: {
    title: 'No vehicles in this window',
    description: `The cameras read no vehicle here in this time window. ${LONGER_WINDOW}`,
  },
};

export const CUSTOMERS_LIST: TStationList<'customers'> = {
  resource: 'customers',
  window: 'customers',
  title: 'Customers',
  description:
    'Loyalty members, fleets and credit accounts who bought here in the window, ranked by the quantity they bought.',
  noun: { one: 'customer', other: 'customers' },
  filters: CUSTOMER_FILTERS,
  defaultSort: '-quantity_sum',
  columns: customerColumns,
  testId: 'customers',
  minWidth: 820,
  empty: {
    title: 'No customers in this window',
    description: 'No known customer bought here in this time window. Walk-in sales are not listed.',
  },
};

export const CHALLANS_LIST: TStationList<'challans'> = {
  resource: 'challans',
  window: 'challans',
  title: 'Challans',
  description:
    'Traffic e-challans issued to vehicles served at this station, with their offences and fines. Filter by status to see what is still pending.',
  noun: { one: 'challan', other: 'challans' },
  filters: CHALLAN_FILTERS,
  defaultSort: '-challanTime',
  columns: [
    challanColumns.time,
    challanColumns.vehicle,
    challanColumns.number,
    challanColumns.offences,
    challanColumns.place,
    challanColumns.fine,
    challanColumns.status,
  ],
  testId: 'challans',
  minWidth: 1040,
  empty: {
    title: 'No challans in this window',
    description: 'No vehicle served here was issued a challan in this time window.',
  },
};
