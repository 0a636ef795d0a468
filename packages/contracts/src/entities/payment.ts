import { z } from 'zod';
import { ZPaymentMode } from '../enums';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZTimeWindowQuery } from '../time-window';
import { ZId, ZIsoDateTime, ZPaise } from './scalars';

/** Settlement state of a payment as reported by its provider. */
export const PAYMENT_STATUSES = ['success', 'pending', 'failed', 'refunded'] as const;
/** A payment's state. */
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** A payment received at a station, usually for one transaction. */
export const ZPayment = z.object({
  id: ZId,
  stationId: ZId,
  /** The fill it pays for; null for prepaid top-ups and credit settlements. */
  transactionId: ZId.nullable(),
  /** When the provider confirmed (or rejected) the payment. */
  timestamp: ZIsoDateTime,
  mode: ZPaymentMode,
  amountPaise: ZPaise,
  status: ZPaymentStatus,
  /** Provider reference: UPI RRN, card approval code, receipt number. */
  reference: z.string(),
  /** Acquirer or app that processed it (e.g. a UPI app or card acquirer). */
  provider: z.string(),
});
export type TPayment = z.infer<typeof ZPayment>;

/** Sortable fields; newest first by `timestamp` by default. */
export const PAYMENT_SORTS = ['timestamp', 'amountPaise'] as const;

/** `GET /api/stations/:slug/payments` query: 40 per page within a window (screen `payments`, at most 93 days). */
export const ZPaymentListQuery = zListQuery({
  ...LIST_DEFAULTS.payments,
  sortable: PAYMENT_SORTS,
  sort: '-timestamp',
}).extend({
  ...ZTimeWindowQuery.shape,
  mode: zMulti(ZPaymentMode).optional(),
  status: zMulti(ZPaymentStatus).optional(),
});
export type TPaymentListQuery = z.infer<typeof ZPaymentListQuery>;

/** A page of payments. */
export const ZPaymentList = zListResponse(ZPayment);
export type TPaymentList = z.infer<typeof ZPaymentList>;
