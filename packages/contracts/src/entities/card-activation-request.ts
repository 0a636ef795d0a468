import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZCursorQuery } from './keyset-page';
import { ZRequestStatus } from './request-status';
import { ZId, ZIsoDateTime } from './scalars';

/** A request to activate an issued card, decided by an admin (decision body: `ZRequestDecision`). */
export const ZCardActivationRequest = z.object({
  id: ZId,
  cardId: ZId,
  /** Who asked: a customer's name, a fleet manager or a station, as captured at the counter. */
  requestedBy: z.string(),
  note: z.string().nullable(),
  status: ZRequestStatus,
  /** The admin's reason, required for a rejection. */
  reason: z.string().nullable(),
  decidedAt: ZIsoDateTime.nullable(),
  decidedByUserId: ZId.nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TCardActivationRequest = z.infer<typeof ZCardActivationRequest>;

/** Sortable fields; newest first by default. */
export const CARD_ACTIVATION_REQUEST_SORTS = ['createdAt', 'updatedAt'] as const;

/** `GET /api/card-activation-requests` query: 40 per page. */
export const ZCardActivationRequestListQuery = zListQuery({
  ...LIST_DEFAULTS.cardActivationRequests,
  sortable: CARD_ACTIVATION_REQUEST_SORTS,
  sort: '-createdAt',
}).extend({
  status: zMulti(ZRequestStatus).optional(),
});
export type TCardActivationRequestListQuery = z.infer<typeof ZCardActivationRequestListQuery>;

/** A page of card activation requests. */
export const ZCardActivationRequestList = zListResponse(ZCardActivationRequest);
export type TCardActivationRequestList = z.infer<typeof ZCardActivationRequestList>;

/** `GET /api/card-activation-requests` with its keyset cursor. */
export const ZCardActivationRequestPageQuery = ZCardActivationRequestListQuery.extend(ZCursorQuery.shape);
export type TCardActivationRequestPageQuery = z.infer<typeof ZCardActivationRequestPageQuery>;

/** `/api/card-activation-requests/:id`. */
export const ZCardActivationRequestParams = z.object({ id: z.coerce.number().int().positive() });

/** Body of `POST /api/card-activation-requests`: file one for an issued card. */
export const ZCardActivationRequestCreate = z.object({
  cardId: ZId,
  requestedBy: z.string().trim().min(1, 'Say who asks').max(120),
  note: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((note) => (note ? note : null)),
});
export type TCardActivationRequestCreate = z.input<typeof ZCardActivationRequestCreate>;
