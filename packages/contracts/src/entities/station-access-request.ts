import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
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

/** Sortable fields (spec §9 names none; newest first by default). */
export const STATION_ACCESS_REQUEST_SORTS = ['createdAt', 'updatedAt'] as const;

/** `GET /api/station-access-requests` query: 40 per page. */
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
