import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZId, ZIsoDate, ZIsoDateTime } from './scalars';

/** Jobs on a forecourt. */
export const PERSONNEL_ROLES = [
  'manager',
  'supervisor',
  'attendant',
  'cashier',
  'technician',
  'security',
] as const;
/** A personnel member's job. */
export const ZPersonnelRole = z.enum(PERSONNEL_ROLES);
export type TPersonnelRole = z.infer<typeof ZPersonnelRole>;

/** Shifts of a 24-hour station; `general` is the office day shift. */
export const SHIFTS = ['morning', 'evening', 'night', 'general'] as const;
/** A shift. */
export const ZShift = z.enum(SHIFTS);
export type TShift = z.infer<typeof ZShift>;

/** Employment states of personnel. */
export const PERSONNEL_STATUSES = ['active', 'on_leave', 'inactive'] as const;
/** A personnel member's state. */
export const ZPersonnelStatus = z.enum(PERSONNEL_STATUSES);
export type TPersonnelStatus = z.infer<typeof ZPersonnelStatus>;

/** A member of a station's staff (they do not sign in; users are separate). */
export const ZPersonnel = z.object({
  id: ZId,
  stationId: ZId,
  name: z.string(),
  role: ZPersonnelRole,
  phone: z.string(),
  shift: ZShift,
  status: ZPersonnelStatus,
  joinedOn: ZIsoDate,
  createdAt: ZIsoDateTime,
});
export type TPersonnel = z.infer<typeof ZPersonnel>;

/** Sortable fields; oldest record first by default (spec §9). */
export const PERSONNEL_SORTS = ['createdAt', 'name', 'joinedOn'] as const;

/** `GET /api/stations/:slug/personnel` query: 20 per page, `createdAt` ascending. */
export const ZPersonnelListQuery = zListQuery({
  ...LIST_DEFAULTS.personnel,
  sortable: PERSONNEL_SORTS,
  sort: 'createdAt',
}).extend({
  role: zMulti(ZPersonnelRole).optional(),
  shift: zMulti(ZShift).optional(),
  status: zMulti(ZPersonnelStatus).optional(),
});
export type TPersonnelListQuery = z.infer<typeof ZPersonnelListQuery>;

/** A page of personnel. */
export const ZPersonnelList = zListResponse(ZPersonnel);
export type TPersonnelList = z.infer<typeof ZPersonnelList>;
