import {
  CHALLAN_SORTS,
  CHALLAN_STATUSES,
  CUSTOMER_KINDS,
  CUSTOMER_SORTS,
  FUELS,
  PAYMENT_MODES,
  PAYMENT_SORTS,
  PAYMENT_STATUSES,
  TRANSACTION_SORTS,
  TRANSACTION_STATUSES,
  VEHICLE_CLASSES,
  VEHICLE_SIGHTING_SORTS,
  VEHICLE_SORTS,
} from '@forecourt/contracts';
import { z } from 'zod';
import {
  zSearchBoolean,
  zSearchCursor,
  zSearchEnumList,
  zSearchSort,
  zSearchText,
} from '../../lib/search-params';
import { ZTimeWindowSearch } from '../time-window';
import { STATE_CODES } from './states';

/**
 * Address-bar state of the operations lists (station pages and the network-wide lists): the time
 * window, the filters of the matching API query, the sort, and the keyset `cursor` of the page
 * being shown (absent on the first page). Unset values are the API's defaults.
 */
const keyset = { cursor: zSearchCursor };

export const ZTransactionsSearch = ZTimeWindowSearch.extend({
  ...keyset,
  sort: zSearchSort(TRANSACTION_SORTS),
  fuel: zSearchEnumList(FUELS),
  paymentMode: zSearchEnumList(PAYMENT_MODES),
  status: zSearchEnumList(TRANSACTION_STATUSES),
  registration: zSearchText(20),
});
export type TTransactionsSearch = z.output<typeof ZTransactionsSearch>;

export const ZPaymentsSearch = ZTimeWindowSearch.extend({
  ...keyset,
  sort: zSearchSort(PAYMENT_SORTS),
  mode: zSearchEnumList(PAYMENT_MODES),
  status: zSearchEnumList(PAYMENT_STATUSES),
});
export type TPaymentsSearch = z.output<typeof ZPaymentsSearch>;

/** A station's ANPR sightings (/stations/$slug/vehicles). */
export const ZSightingsSearch = ZTimeWindowSearch.extend({
  ...keyset,
  sort: zSearchSort(VEHICLE_SIGHTING_SORTS),
  registration: zSearchText(20),
  vehicleClass: zSearchEnumList(VEHICLE_CLASSES),
});
export type TSightingsSearch = z.output<typeof ZSightingsSearch>;

/** The network's vehicle registry (/vehicles); no window. */
export const ZVehicleRegistrySearch = z.object({
  ...keyset,
  sort: zSearchSort(VEHICLE_SORTS),
  q: zSearchText(20),
  vehicleClass: zSearchEnumList(VEHICLE_CLASSES),
  fuel: zSearchEnumList(FUELS),
  isWatchlisted: zSearchBoolean,
});
export type TVehicleRegistrySearch = z.output<typeof ZVehicleRegistrySearch>;

/** One vehicle's page (/vehicles/$registration): its window. */
export const ZVehicleSearch = ZTimeWindowSearch;

export const ZChallansSearch = ZTimeWindowSearch.extend({
  ...keyset,
  sort: zSearchSort(CHALLAN_SORTS),
  status: zSearchEnumList(CHALLAN_STATUSES),
  stateCode: zSearchEnumList(STATE_CODES),
  registration: zSearchText(20),
});
export type TChallansSearch = z.output<typeof ZChallansSearch>;

export const ZCustomersSearch = ZTimeWindowSearch.extend({
  ...keyset,
  sort: zSearchSort(CUSTOMER_SORTS),
  q: zSearchText(50),
  kind: zSearchEnumList(CUSTOMER_KINDS),
});
export type TCustomersSearch = z.output<typeof ZCustomersSearch>;
