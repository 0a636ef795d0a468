import { z } from 'zod';
import { ZFuel, ZPaymentMode, ZVehicleClass } from '../enums';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZTimeWindowQuery } from '../time-window';
import { ZId, ZIsoDateTime, ZPaise, ZQuantity, ZSearchText } from './scalars';

/**
 * Outcome of a fill: `completed` and paid, `unpaid` (left without paying, see the drive_off
 * incident), `voided` before payment, `refunded` after it.
 */
export const TRANSACTION_STATUSES = ['completed', 'unpaid', 'voided', 'refunded'] as const;
/** A transaction's outcome. */
export const ZTransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TTransactionStatus = z.infer<typeof ZTransactionStatus>;

/** One fill at a nozzle. The quantity's unit follows the fuel (`FUEL_UNITS`). */
export const ZTransaction = z.object({
  id: ZId,
  stationId: ZId,
  dispenserId: ZId,
  nozzleId: ZId,
  fuel: ZFuel,
  /** When the nozzle was lifted. */
  startDate: ZIsoDateTime,
  /** When the nozzle was hung up. */
  endDate: ZIsoDateTime,
  quantity: ZQuantity,
  unitPricePaise: ZPaise,
  amountPaise: ZPaise,
  paymentMode: ZPaymentMode,
  status: ZTransactionStatus,
  /** Registration read by ANPR or typed by the attendant; null when unknown. */
  vehicleRegistration: z.string().nullable(),
  vehicleClass: ZVehicleClass,
  customerId: ZId.nullable(),
  /** The personnel member who served the fill. */
  attendantId: ZId.nullable(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

/** Sortable fields; newest first by default. */
export const TRANSACTION_SORTS = ['startDate', 'amountPaise', 'quantity'] as const;

/**
 * `GET /api/stations/:slug/transactions` query: 40 per page, `-startDate`, within a time window
 * (screen `transactions`, at most 366 days) plus optional filters.
 */
export const ZTransactionListQuery = zListQuery({
  ...LIST_DEFAULTS.transactions,
  sortable: TRANSACTION_SORTS,
  sort: '-startDate',
}).extend({
  ...ZTimeWindowQuery.shape,
  fuel: zMulti(ZFuel).optional(),
  paymentMode: zMulti(ZPaymentMode).optional(),
  status: zMulti(ZTransactionStatus).optional(),
  /** Registration, matched from its start (`MH12`). */
  registration: ZSearchText.optional(),
});
export type TTransactionListQuery = z.infer<typeof ZTransactionListQuery>;

/** A page of transactions. */
export const ZTransactionList = zListResponse(ZTransaction);
export type TTransactionList = z.infer<typeof ZTransactionList>;
