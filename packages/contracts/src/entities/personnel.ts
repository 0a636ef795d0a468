import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZAuditTrail } from './audit';
import { ZCursorQuery, zKeysetPage } from './keyset-page';
import { ZId, ZIdFilter, ZIsoDate, ZIsoDateTime } from './scalars';

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

/** Sortable fields; oldest record first by default. */
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

/**
 * An Indian mobile number: ten digits starting 6–9, optionally after `+91`, `91` or `0`, with
 * spaces or dashes anywhere. Stored and answered as `+91XXXXXXXXXX`.
 */
export const ZIndianMobile = z
  .string()
  .trim()
  .max(20)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => /^(?:\+91|91|0)?[6-9]\d{9}$/.test(value), {
    message: 'Enter a 10-digit Indian mobile number (it starts with 6, 7, 8 or 9)',
  })
  .transform((value) => `+91${value.slice(-10)}`);

const ZPersonName = z.string().trim().min(2, 'Enter the full name').max(80);

/** A personnel row as the lists answer it: with its station and last change. */
export const ZPersonnelItem = ZPersonnel.extend({
  stationName: z.string(),
  stationSlug: z.string(),
  updatedAt: ZIsoDateTime,
});
export type TPersonnelItem = z.infer<typeof ZPersonnelItem>;

/** `GET /api/stations/:slug/personnel` with its keyset cursor (and `format=csv`). */
export const ZPersonnelPageQuery = ZPersonnelListQuery.extend(ZCursorQuery.shape);
export type TPersonnelPageQuery = z.infer<typeof ZPersonnelPageQuery>;
/** `GET /api/personnel`: the network-wide list, optionally narrowed to stations. */
export const ZNetworkPersonnelPageQuery = ZPersonnelPageQuery.extend({ station: ZIdFilter.optional() });
export type TNetworkPersonnelPageQuery = z.infer<typeof ZNetworkPersonnelPageQuery>;
export const ZPersonnelPage = zKeysetPage(ZPersonnelItem);
export type TPersonnelPage = z.infer<typeof ZPersonnelPage>;

/** `/api/personnel/:id`. */
export const ZPersonnelParams = z.object({ id: z.coerce.number().int().positive() });

/** `GET /api/personnel/:id` and every write's answer: the row with its audit trail. */
export const ZPersonnelDetail = ZPersonnelItem.extend({ audit: ZAuditTrail });
export type TPersonnelDetail = z.infer<typeof ZPersonnelDetail>;

/** Body of `POST /api/stations/:slug/personnel`; `joinedOn` defaults to today (IST). */
export const ZPersonnelCreate = z.object({
  name: ZPersonName,
  role: ZPersonnelRole,
  phone: ZIndianMobile,
  shift: ZShift,
  status: z.enum(['active', 'on_leave']).optional(),
  joinedOn: ZIsoDate.optional(),
});
export type TPersonnelCreate = z.input<typeof ZPersonnelCreate>;

/** Body of `PATCH /api/personnel/:id`: the fields to change (at least one). */
export const ZPersonnelUpdate = z
  .object({
    name: ZPersonName.optional(),
    role: ZPersonnelRole.optional(),
    phone: ZIndianMobile.optional(),
    shift: ZShift.optional(),
    status: ZPersonnelStatus.optional(),
    joinedOn: ZIsoDate.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'Change at least one field',
  });
export type TPersonnelUpdate = z.input<typeof ZPersonnelUpdate>;
