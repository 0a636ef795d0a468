import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti, zQueryBoolean } from '../list';
import { ZAuditTrail } from './audit';
import { ZCardActivationRequest } from './card-activation-request';
import { ZCursorQuery, zKeysetPage } from './keyset-page';
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

/** Sortable fields; newest first by default. */
export const CARD_SORTS = ['createdAt', 'expiresAt', 'balancePaise'] as const;

/** `GET /api/cards` query: 40 per page; test cards excluded unless `isTest=true`. */
export const ZCardListQuery = zListQuery({
  ...LIST_DEFAULTS.cards,
  sortable: CARD_SORTS,
  sort: '-createdAt',
}).extend({
  isTest: zQueryBoolean.default(false),
  status: zMulti(ZCardStatus).optional(),
  kind: zMulti(ZCardKind).optional(),
  /** Four digits match `last4`; otherwise (or also) a vehicle registration prefix (spaces and dashes ignored). */
  q: z.string().trim().min(1).max(20).optional(),
});
export type TCardListQuery = z.infer<typeof ZCardListQuery>;

/** A page of cards. */
export const ZCardList = zListResponse(ZCard);
export type TCardList = z.infer<typeof ZCardList>;

/** `GET /api/cards` with its keyset cursor. */
export const ZCardPageQuery = ZCardListQuery.extend(ZCursorQuery.shape);
export type TCardPageQuery = z.infer<typeof ZCardPageQuery>;
/** A keyset page of cards. */
export const ZCardPage = zKeysetPage(ZCard);
export type TCardPage = z.infer<typeof ZCardPage>;

/** `/api/cards/:id`. */
export const ZCardParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Whether a card has lapsed: a card whose `expiresAt` has passed is presented as `expired`
 * whatever its stored state (expiry is by date, no job has to run).
 */
export function effectiveCardStatus(status: TCardStatus, expiresAtMs: number, nowMs: number): TCardStatus {
  return expiresAtMs <= nowMs ? 'expired' : status;
}

/**
 * The moves an admin makes by hand (`POST /api/cards/:id/status`): `active → blocked` and
 * `blocked → active`. `issued → active` happens only through an approved activation request, and
 * `expired` only by date.
 */
export const CARD_MANUAL_TRANSITIONS: Record<TCardStatus, readonly ('active' | 'blocked')[]> = {
  issued: [],
  active: ['blocked'],
  blocked: ['active'],
  expired: [],
};

/** Body of `POST /api/cards/:id/status`: block or unblock, always with a reason. */
export const ZCardStatusChange = z.object({
  to: z.enum(['active', 'blocked']),
  reason: z.string().trim().min(1, 'Give a reason').max(500),
});
export type TCardStatusChange = z.infer<typeof ZCardStatusChange>;

/** Largest limit accepted (₹1 crore), in paise. */
export const CARD_LIMIT_MAX_PAISE = 1_000_000_000;

/** Body of `PATCH /api/cards/:id/limits`: non-negative paise, the monthly limit at least the daily one. */
export const ZCardLimits = z
  .object({
    dailyLimitPaise: z.number().int().min(0).max(CARD_LIMIT_MAX_PAISE),
    monthlyLimitPaise: z.number().int().min(0).max(CARD_LIMIT_MAX_PAISE),
  })
  .refine((limits) => limits.monthlyLimitPaise >= limits.dailyLimitPaise, {
    message: 'The monthly limit must be at least the daily limit',
    path: ['monthlyLimitPaise'],
  });
export type TCardLimits = z.infer<typeof ZCardLimits>;

/** `GET /api/cards/:id`: the card (masked number only), its activation requests (newest first) and audit trail. */
export const ZCardDetail = ZCard.extend({
  activationRequests: z.array(ZCardActivationRequest),
  /** What `POST /api/cards/:id/status` accepts now. */
  allowedTransitions: z.array(z.enum(['active', 'blocked'])),
  audit: ZAuditTrail,
});
export type TCardDetail = z.infer<typeof ZCardDetail>;

/** The card an activation request is about, in its current (resulting) state. */
export const ZCardActivationRequestCard = ZCard.pick({
  id: true,
  kind: true,
  last4: true,
  maskedNumber: true,
  vehicleRegistration: true,
  status: true,
  expiresAt: true,
});

/** A card activation request with its card (list rows, create and decision answers). */
export const ZCardActivationRequestItem = ZCardActivationRequest.extend({ card: ZCardActivationRequestCard });
export type TCardActivationRequestItem = z.infer<typeof ZCardActivationRequestItem>;
/** A keyset page of card activation requests. */
export const ZCardActivationRequestPage = zKeysetPage(ZCardActivationRequestItem);
export type TCardActivationRequestPage = z.infer<typeof ZCardActivationRequestPage>;
