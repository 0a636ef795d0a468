import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti, zQueryBoolean } from '../list';
import { ZTimeWindowQuery } from '../time-window';
import { ZCursorQuery, zKeysetPage } from './keyset-page';
import { ZId, ZIdFilter, ZIsoDateTime, ZPaise } from './scalars';

/** What a loyalty entry does to a member's points. */
export const LOYALTY_TRANSACTION_KINDS = ['earn', 'redeem', 'adjust', 'expire'] as const;
/** A loyalty entry's kind. */
export const ZLoyaltyTransactionKind = z.enum(LOYALTY_TRANSACTION_KINDS);
export type TLoyaltyTransactionKind = z.infer<typeof ZLoyaltyTransactionKind>;

/** Processing state of a loyalty entry; only `success` counts towards balances and settlements. */
export const LOYALTY_TRANSACTION_STATUSES = ['success', 'pending', 'failed', 'reversed'] as const;
/** A loyalty entry's state. */
export const ZLoyaltyTransactionStatus = z.enum(LOYALTY_TRANSACTION_STATUSES);
export type TLoyaltyTransactionStatus = z.infer<typeof ZLoyaltyTransactionStatus>;

/** One entry of a loyalty programme's ledger. */
export const ZLoyaltyTransaction = z.object({
  id: ZId,
  programId: ZId,
  stationId: ZId,
  customerId: ZId.nullable(),
  cardId: ZId.nullable(),
  /** The fuel sale that earned or spent the points, if any. */
  transactionId: ZId.nullable(),
  kind: ZLoyaltyTransactionKind,
  /** Points added (positive) or taken (negative). */
  points: z.number().int(),
  /** The bill the points relate to. */
  amountPaise: ZPaise,
  status: ZLoyaltyTransactionStatus,
  /** Made by a test card or terminal; hidden unless asked for. */
  isTest: z.boolean(),
  createdAt: ZIsoDateTime,
});
export type TLoyaltyTransaction = z.infer<typeof ZLoyaltyTransaction>;

/** Sortable fields; newest first by default. */
export const LOYALTY_TRANSACTION_SORTS = ['createdAt', 'points', 'amountPaise'] as const;

/**
 * `GET /api/loyalty/:slug/transactions` query: 40 per page, `-createdAt`, within a window (screen
 * `loyalty`, at most 366 days). Filters isTest and status default to live, successful
 * entries: `isTest=false`, `status=success`.
 */
export const ZLoyaltyTransactionListQuery = zListQuery({
  ...LIST_DEFAULTS.loyaltyTransactions,
  sortable: LOYALTY_TRANSACTION_SORTS,
  sort: '-createdAt',
}).extend({
  ...ZTimeWindowQuery.shape,
  isTest: zQueryBoolean.default(false),
  status: zMulti(ZLoyaltyTransactionStatus).default(['success']),
  kind: zMulti(ZLoyaltyTransactionKind).optional(),
});
export type TLoyaltyTransactionListQuery = z.infer<typeof ZLoyaltyTransactionListQuery>;

/** A page of loyalty entries. */
export const ZLoyaltyTransactionList = zListResponse(ZLoyaltyTransaction);
export type TLoyaltyTransactionList = z.infer<typeof ZLoyaltyTransactionList>;

/** A loyalty programme of the organisation; `/loyalty/[slug]` names it by its slug. */
export const ZLoyaltyProgram = z.object({
  id: ZId,
  slug: z.string(),
  name: z.string(),
  /** Points earned per ₹100 spent. */
  pointsPerHundred: z.number().int().nonnegative(),
});
export type TLoyaltyProgram = z.infer<typeof ZLoyaltyProgram>;

/** `GET /api/loyalty`: the organisation's programmes, by name (for a picker). */
export const ZLoyaltyPrograms = z.object({ results: z.array(ZLoyaltyProgram) });
export type TLoyaltyPrograms = z.infer<typeof ZLoyaltyPrograms>;

/** `:slug` of the `/api/loyalty/:slug/…` routes. */
export const ZLoyaltyProgramParams = z.object({ slug: z.string().min(1).max(120) });

/** A loyalty entry in a list: the entity plus its station's name. */
export const ZLoyaltyTransactionItem = ZLoyaltyTransaction.extend({ stationName: z.string() });
export type TLoyaltyTransactionItem = z.infer<typeof ZLoyaltyTransactionItem>;

/**
 * `GET /api/loyalty/:slug/transactions` (keyset): the list query plus `cursor`, and `station`
 * (station ids; members see only their stations). `format=csv` exports every matching row.
 */
export const ZLoyaltyTransactionPageQuery = ZLoyaltyTransactionListQuery.extend({
  ...ZCursorQuery.shape,
  station: ZIdFilter.optional(),
});
export type TLoyaltyTransactionPageQuery = z.infer<typeof ZLoyaltyTransactionPageQuery>;
export const ZLoyaltyTransactionPage = zKeysetPage(ZLoyaltyTransactionItem);
export type TLoyaltyTransactionPage = z.infer<typeof ZLoyaltyTransactionPage>;
