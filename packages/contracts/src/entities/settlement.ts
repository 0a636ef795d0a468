import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZTimeWindowQuery } from '../time-window';
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
