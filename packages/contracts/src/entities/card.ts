import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti, zQueryBoolean } from '../list';
import { ZId, ZIsoDateTime, ZPaise } from './scalars';

/** Kinds of card: loyalty only, fleet fuel card with limits, or prepaid wallet. */
export const CARD_KINDS = ['loyalty', 'fleet', 'prepaid'] as const;
/** A card's kind. */
export const ZCardKind = z.enum(CARD_KINDS);
export type TCardKind = z.infer<typeof ZCardKind>;

/** Lifecycle of a card: `issued` until activated, then `active`; `blocked` by an admin; `expired` by date. */
export const CARD_STATUSES = ['issued', 'active', 'blocked', 'expired'] as const;
/** A card's state. */
export const ZCardStatus = z.enum(CARD_STATUSES);
export type TCardStatus = z.infer<typeof ZCardStatus>;

/** The last four digits of a card number. */
export const ZCardLast4 = z.string().regex(/^\d{4}$/, 'Four digits');

/**
 * The display form of a 16-digit card number of which only the last four digits are kept:
 * `maskCardNumber('1234')` → `'•••• •••• •••• 1234'`. Throws a RangeError unless given four digits.
 */
export function maskCardNumber(last4: string): string {
  if (!ZCardLast4.safeParse(last4).success) throw new RangeError('last4 must be four digits');
  return `•••• •••• •••• ${last4}`;
}

/** A loyalty, fleet or prepaid card. The full number never leaves the card issuer. */
export const ZCard = z.object({
  id: ZId,
  programId: ZId.nullable(),
  customerId: ZId.nullable(),
  kind: ZCardKind,
  last4: ZCardLast4,
  /** `maskCardNumber(last4)`. */
  maskedNumber: z.string(),
  /** Fleet cards are tied to one vehicle. */
  vehicleRegistration: z.string().nullable(),
  status: ZCardStatus,
  dailyLimitPaise: ZPaise,
  monthlyLimitPaise: ZPaise,
  balancePaise: ZPaise,
  isTest: z.boolean(),
  issuedAt: ZIsoDateTime,
  expiresAt: ZIsoDateTime,
  createdAt: ZIsoDateTime,
});
export type TCard = z.infer<typeof ZCard>;

/** Sortable fields (spec §9 names none; newest first by default). */
export const CARD_SORTS = ['createdAt', 'expiresAt', 'balancePaise'] as const;

/** `GET /api/cards` query: 40 per page; test cards excluded unless `isTest=true` (spec §9). */
export const ZCardListQuery = zListQuery({
  ...LIST_DEFAULTS.cards,
  sortable: CARD_SORTS,
  sort: '-createdAt',
}).extend({
  isTest: zQueryBoolean.default(false),
  status: zMulti(ZCardStatus).optional(),
  kind: zMulti(ZCardKind).optional(),
});
export type TCardListQuery = z.infer<typeof ZCardListQuery>;

/** A page of cards. */
export const ZCardList = zListResponse(ZCard);
export type TCardList = z.infer<typeof ZCardList>;
