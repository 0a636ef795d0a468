import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZTimeWindowQuery } from '../time-window';
import { ZAuditTrail } from './audit';
import { ZCursorQuery, zKeysetPage } from './keyset-page';
import { ZLoyaltyTransactionKind } from './loyalty-transaction';
import { ZId, ZIdFilter, ZIsoDateTime, ZPaise } from './scalars';

/** States of a payout to a station for a period of loyalty redemptions. */
export const SETTLEMENT_STATUSES = ['pending', 'processing', 'settled', 'failed'] as const;
/** A settlement's state. */
export const ZSettlementStatus = z.enum(SETTLEMENT_STATUSES);
export type TSettlementStatus = z.infer<typeof ZSettlementStatus>;

/** What a loyalty programme owes one station for one period. `netPaise = grossPaise - feePaise`. */
export const ZSettlement = z.object({
  id: ZId,
  programId: ZId,
  stationId: ZId,
  /** Start of the period, inclusive. */
  periodStart: ZIsoDateTime,
  /** End of the period, exclusive. */
  periodEnd: ZIsoDateTime,
  transactionCount: z.number().int().nonnegative(),
  grossPaise: ZPaise,
  feePaise: ZPaise,
  netPaise: ZPaise,
  status: ZSettlementStatus,
  /** Bank transfer reference (UTR) once paid. */
  utr: z.string().nullable(),
  settledAt: ZIsoDateTime.nullable(),
  createdAt: ZIsoDateTime,
});
export type TSettlement = z.infer<typeof ZSettlement>;

/** Sortable fields; newest first by default. */
export const SETTLEMENT_SORTS = ['createdAt', 'periodStart', 'netPaise'] as const;

/** `GET /api/loyalty/:slug/settlements` query: 40 per page within a window (screen `settlements`, 30 days by default). */
export const ZSettlementListQuery = zListQuery({
  ...LIST_DEFAULTS.settlements,
  sortable: SETTLEMENT_SORTS,
  sort: '-createdAt',
}).extend({
  ...ZTimeWindowQuery.shape,
  status: zMulti(ZSettlementStatus).optional(),
  /** Station ids. */
  station: ZIdFilter.optional(),
});
export type TSettlementListQuery = z.infer<typeof ZSettlementListQuery>;

/** A page of settlements. */
export const ZSettlementList = zListResponse(ZSettlement);
export type TSettlementList = z.infer<typeof ZSettlementList>;

/**
 * The payout lifecycle: a `pending` settlement (its period may still run) goes to `processing` when
 * the transfer is started, then `settled` (with the bank's UTR) or `failed`; a failed one is retried
 * by moving it back to `processing`. `settled` is final.
 */
export const SETTLEMENT_TRANSITIONS: Record<TSettlementStatus, readonly TSettlementStatus[]> = {
  pending: ['processing'],
  processing: ['settled', 'failed'],
  failed: ['processing'],
  settled: [],
};

/** A bank transfer reference: NEFT UTRs have 16 characters, RTGS 22 (letters and digits). */
export const ZUtr = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{12,22}$/, 'A UTR is 12 to 22 letters and digits');

/** A settlement in a list: the entity plus its station's name. */
export const ZSettlementItem = ZSettlement.extend({ stationName: z.string() });
export type TSettlementItem = z.infer<typeof ZSettlementItem>;

/** `GET /api/loyalty/:slug/settlements` (keyset): the list query plus `cursor` (and `format=csv`). */
export const ZSettlementPageQuery = ZSettlementListQuery.extend(ZCursorQuery.shape);
export type TSettlementPageQuery = z.infer<typeof ZSettlementPageQuery>;
export const ZSettlementPage = zKeysetPage(ZSettlementItem);
export type TSettlementPage = z.infer<typeof ZSettlementPage>;

/** `:slug` and `:id` of `/api/loyalty/:slug/settlements/:id`. */
export const ZSettlementParams = z.object({
  slug: z.string().min(1).max(120),
  id: z.coerce.number().int().positive(),
});

/** The live loyalty entries of one kind at the settlement's station in its period. */
export const ZSettlementKindSummary = z.object({
  kind: ZLoyaltyTransactionKind,
  count: z.number().int().nonnegative(),
  points: z.number().int(),
  amountPaise: ZPaise,
});
export type TSettlementKindSummary = z.infer<typeof ZSettlementKindSummary>;

/**
 * `GET /api/loyalty/:slug/settlements/:id`: the statement. The settlement with its programme and
 * station, the successful live loyalty entries of that station and period summarised by kind, the
 * moves allowed from its state and its audit trail (newest first).
 */
export const ZSettlementDetail = ZSettlementItem.extend({
  program: z.object({ id: ZId, slug: z.string(), name: z.string() }),
  station: z.object({ id: ZId, slug: z.string(), name: z.string() }),
  loyalty: z.array(ZSettlementKindSummary),
  allowedTransitions: z.array(ZSettlementStatus),
  audit: ZAuditTrail,
});
export type TSettlementDetail = z.infer<typeof ZSettlementDetail>;

/**
 * `POST /api/loyalty/:slug/settlements/:id/status`: move to `to` (409 CONFLICT when the lifecycle
 * does not allow it). `utr` is required for `settled`; `note` (e.g. why a transfer failed) goes
 * into the audit trail.
 */
export const ZSettlementTransition = z.object({
  to: ZSettlementStatus,
  utr: ZUtr.optional(),
  note: z.string().trim().max(500).optional(),
});
export type TSettlementTransition = z.input<typeof ZSettlementTransition>;
