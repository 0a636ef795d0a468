import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZAuditTrail } from './audit';
import { ZCursorQuery, zKeysetPage } from './keyset-page';
import { ZRequestStatus } from './request-status';
import { ZId, ZIdFilter, ZIsoDateTime } from './scalars';

/** A member's request for access to a station they cannot see yet (decision body: `ZRequestDecision`). */
export const ZStationAccessRequest = z.object({
  id: ZId,
  stationId: ZId,
  /** The requesting user. */
  userId: ZId,
  message: z.string().nullable(),
  status: ZRequestStatus,
  /** The admin's reason, required for a rejection. */
  reason: z.string().nullable(),
  decidedAt: ZIsoDateTime.nullable(),
  decidedByUserId: ZId.nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TStationAccessRequest = z.infer<typeof ZStationAccessRequest>;

/** Body of a new access request; the user comes from the session. */
export const ZStationAccessRequestCreate = z.object({
  stationId: ZId,
  message: z.string().trim().max(500).optional(),
});
export type TStationAccessRequestCreate = z.infer<typeof ZStationAccessRequestCreate>;

/** Sortable fields; newest first by default. */
export const STATION_ACCESS_REQUEST_SORTS = ['createdAt', 'updatedAt'] as const;

/** `GET /api/access-requests` query: 40 per page. */
export const ZStationAccessRequestListQuery = zListQuery({
  ...LIST_DEFAULTS.accessRequests,
  sortable: STATION_ACCESS_REQUEST_SORTS,
  sort: '-createdAt',
}).extend({
  status: zMulti(ZRequestStatus).optional(),
  /** Station ids. */
  station: ZIdFilter.optional(),
});
export type TStationAccessRequestListQuery = z.infer<typeof ZStationAccessRequestListQuery>;

/** A page of station access requests. */
export const ZStationAccessRequestList = zListResponse(ZStationAccessRequest);
export type TStationAccessRequestList = z.infer<typeof ZStationAccessRequestList>;

/**
 * A request as the list shows it: the request plus the names of its station, requester and
 * decider (null for a user who is gone).
 */
export const ZStationAccessRequestItem = ZStationAccessRequest.extend({
  stationName: z.string(),
  stationSlug: z.string(),
  requesterName: z.string(),
  requesterEmail: z.string(),
  decidedByName: z.string().nullable(),
});
export type TStationAccessRequestItem = z.infer<typeof ZStationAccessRequestItem>;

/** `GET /api/access-requests` with its keyset cursor (and `format=csv` for the export). */
export const ZStationAccessRequestPageQuery = ZStationAccessRequestListQuery.extend(ZCursorQuery.shape);
export type TStationAccessRequestPageQuery = z.infer<typeof ZStationAccessRequestPageQuery>;
export const ZStationAccessRequestPage = zKeysetPage(ZStationAccessRequestItem);
export type TStationAccessRequestPage = z.infer<typeof ZStationAccessRequestPage>;

/** `/api/access-requests/:id`. */
export const ZStationAccessRequestParams = z.object({ id: z.coerce.number().int().positive() });

/** `GET /api/access-requests/:id`: the request with its audit trail, newest first. */
export const ZStationAccessRequestDetail = ZStationAccessRequestItem.extend({ audit: ZAuditTrail });
export type TStationAccessRequestDetail = z.infer<typeof ZStationAccessRequestDetail>;

/**
 * `GET /api/access-requests/stations`: the stations of the caller's organisation they cannot see
 * yet (what a new request may ask for), each with whether a request of theirs is pending.
 */
export const ZRequestableStations = z.object({
  results: z.array(
    z.object({
      id: ZId,
      name: z.string(),
      slug: z.string(),
      city: z.string(),
      pending: z.boolean(),
    }),
  ),
});
export type TRequestableStations = z.infer<typeof ZRequestableStations>;
