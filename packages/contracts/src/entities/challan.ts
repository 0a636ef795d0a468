import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZTimeWindowQuery } from '../time-window';
import { ZId, ZIsoDateTime, ZPaise, ZSearchText } from './scalars';

/** States of a traffic e-challan: unpaid, paid, sent to (virtual) court, or disposed of by the court. */
export const CHALLAN_STATUSES = ['pending', 'paid', 'in_court', 'disposed'] as const;
/** A challan's state. */
export const ZChallanStatus = z.enum(CHALLAN_STATUSES);
export type TChallanStatus = z.infer<typeof ZChallanStatus>;

/** One offence on a challan: the act and section, and the offence's name. */
export const ZChallanOffence = z.object({
  /** E.g. `MV Act 1988, s. 177`. */
  act: z.string(),
  /** E.g. `Parking in a no-parking zone`. */
  name: z.string(),
});
export type TChallanOffence = z.infer<typeof ZChallanOffence>;

/** A traffic challan issued to a vehicle seen at or near a station. */
export const ZChallan = z.object({
  id: ZId,
  /** The station it was matched to; null when it matches a known vehicle only. */
  stationId: ZId.nullable(),
  challanNo: z.string(),
  registration: z.string(),
  challanTime: ZIsoDateTime,
  place: z.string(),
  /** Two-letter state or union-territory code, e.g. `MH`, `DL`. */
  stateCode: z.string().length(2),
  /** Issuing department, e.g. a city traffic police. */
  department: z.string(),
  offences: z.array(ZChallanOffence),
  finePaise: ZPaise,
  status: ZChallanStatus,
  paidAt: ZIsoDateTime.nullable(),
  court: z.string().nullable(),
});
export type TChallan = z.infer<typeof ZChallan>;

/** Sortable fields; latest first by default. */
export const CHALLAN_SORTS = ['challanTime', 'finePaise'] as const;

/**
 * `GET /api/stations/:slug/challans` query: 40 per page within a window (screen `challans`, at most
 * 60 days). Filters: status, registration and state.
 */
export const ZChallanListQuery = zListQuery({
  ...LIST_DEFAULTS.challans,
  sortable: CHALLAN_SORTS,
  sort: '-challanTime',
}).extend({
  ...ZTimeWindowQuery.shape,
  status: zMulti(ZChallanStatus).optional(),
  registration: ZSearchText.optional(),
  stateCode: zMulti(z.string().length(2).toUpperCase()).optional(),
});
export type TChallanListQuery = z.infer<typeof ZChallanListQuery>;

/** A page of challans. */
export const ZChallanList = zListResponse(ZChallan);
export type TChallanList = z.infer<typeof ZChallanList>;
