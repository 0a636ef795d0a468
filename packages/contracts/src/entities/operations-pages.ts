import type { z } from 'zod';
import { ZChallan, ZChallanListQuery } from './challan';
import { ZCongestionSample, ZCongestionSampleListQuery } from './congestion-sample';
import { ZCustomerListQuery, ZCustomerSummary } from './customer';
import { ZCursorQuery, zKeysetPage } from './keyset-page';
import { ZPayment, ZPaymentListQuery } from './payment';
import { ZIdFilter } from './scalars';
import { ZTransaction, ZTransactionListQuery } from './transaction';
import { ZVehicle, ZVehicleListQuery, ZVehicleSighting, ZVehicleSightingListQuery } from './vehicle';

/**
 * Keyset versions of the operations lists: each entity's list query plus `cursor`, and for the
 * network-wide lists (`/api/transactions`, …) a `station` filter of station ids. Responses are
 * {@link zKeysetPage}s. Page sizes, sorts and filters are those of the entity files.
 */
const network = { station: ZIdFilter.optional() };

/** `GET /api/stations/:slug/transactions`. */
export const ZTransactionPageQuery = ZTransactionListQuery.extend(ZCursorQuery.shape);
export type TTransactionPageQuery = z.infer<typeof ZTransactionPageQuery>;
/** `GET /api/transactions`: every visible station, or the `station` ids given. */
export const ZNetworkTransactionPageQuery = ZTransactionPageQuery.extend(network);
export type TNetworkTransactionPageQuery = z.infer<typeof ZNetworkTransactionPageQuery>;
export const ZTransactionPage = zKeysetPage(ZTransaction);
export type TTransactionPage = z.infer<typeof ZTransactionPage>;

/** `GET /api/stations/:slug/payments`. */
export const ZPaymentPageQuery = ZPaymentListQuery.extend(ZCursorQuery.shape);
export type TPaymentPageQuery = z.infer<typeof ZPaymentPageQuery>;
/** `GET /api/payments`. */
export const ZNetworkPaymentPageQuery = ZPaymentPageQuery.extend(network);
export type TNetworkPaymentPageQuery = z.infer<typeof ZNetworkPaymentPageQuery>;
export const ZPaymentPage = zKeysetPage(ZPayment);
export type TPaymentPage = z.infer<typeof ZPaymentPage>;

/** `GET /api/stations/:slug/vehicles`: the station's ANPR sightings in the window. */
export const ZVehicleSightingPageQuery = ZVehicleSightingListQuery.extend(ZCursorQuery.shape);
export type TVehicleSightingPageQuery = z.infer<typeof ZVehicleSightingPageQuery>;
export const ZVehicleSightingPage = zKeysetPage(ZVehicleSighting);
export type TVehicleSightingPage = z.infer<typeof ZVehicleSightingPage>;

/** `GET /api/vehicles`: the organisation's vehicle registry. */
export const ZVehiclePageQuery = ZVehicleListQuery.extend(ZCursorQuery.shape);
export type TVehiclePageQuery = z.infer<typeof ZVehiclePageQuery>;
export const ZVehiclePage = zKeysetPage(ZVehicle);
export type TVehiclePage = z.infer<typeof ZVehiclePage>;

/** `GET /api/stations/:slug/challans`. */
export const ZChallanPageQuery = ZChallanListQuery.extend(ZCursorQuery.shape);
export type TChallanPageQuery = z.infer<typeof ZChallanPageQuery>;
/** `GET /api/challans`. */
export const ZNetworkChallanPageQuery = ZChallanPageQuery.extend(network);
export type TNetworkChallanPageQuery = z.infer<typeof ZNetworkChallanPageQuery>;
export const ZChallanPage = zKeysetPage(ZChallan);
export type TChallanPage = z.infer<typeof ZChallanPage>;

/** `GET /api/stations/:slug/customers`. */
export const ZCustomerPageQuery = ZCustomerListQuery.extend(ZCursorQuery.shape);
export type TCustomerPageQuery = z.infer<typeof ZCustomerPageQuery>;
/** `GET /api/customers`. */
export const ZNetworkCustomerPageQuery = ZCustomerPageQuery.extend(network);
export type TNetworkCustomerPageQuery = z.infer<typeof ZNetworkCustomerPageQuery>;
export const ZCustomerPage = zKeysetPage(ZCustomerSummary);
export type TCustomerPage = z.infer<typeof ZCustomerPage>;

/** `GET /api/stations/:slug/congestion`: the lane samples in the window. */
export const ZCongestionSamplePageQuery = ZCongestionSampleListQuery.extend(ZCursorQuery.shape);
export type TCongestionSamplePageQuery = z.infer<typeof ZCongestionSamplePageQuery>;
export const ZCongestionSamplePage = zKeysetPage(ZCongestionSample);
export type TCongestionSamplePage = z.infer<typeof ZCongestionSamplePage>;
