import { z } from 'zod';
import { ZUriOrFileAddress } from '../checks';
import { LIST_DEFAULTS, zListQuery, zListResponse, zQueryBoolean } from '../list';
import { ZAuditTrail } from './audit';
import { ZId, ZIsoDateTime } from './scalars';

/** Facilities a station can advertise on its public profile. */
export const STATION_AMENITIES = [
  'air',
  'water',
  'restroom',
  'atm',
  'convenience_store',
  'food',
  'car_wash',
  'tyre_service',
  'ev_charging',
  'parking',
] as const;
/** One amenity. */
export const ZStationAmenity = z.enum(STATION_AMENITIES);
export type TStationAmenity = z.infer<typeof ZStationAmenity>;

/** Days of the week as keys of opening hours, Monday first. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const ZClockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use HH:MM, 00:00 to 24:00');

/** One opening period within a day, in IST; `24:00` closes at midnight. `close` must be after `open`. */
export const ZOpeningPeriod = z
  .object({ open: ZClockTime, close: ZClockTime })
  .refine((period) => period.open < period.close, { message: 'Must close after it opens', path: ['close'] });

/** Opening periods per weekday; a missing or empty day is closed. `00:00–24:00` is open all day. */
export const ZOpeningHours = z.partialRecord(z.enum(WEEKDAYS), z.array(ZOpeningPeriod).max(4));
export type TOpeningHours = z.infer<typeof ZOpeningHours>;

/** A photo on a station's profile. */
export const ZStationPhoto = z.object({
  /** http(s), or `{address}://path` for a stored file (answered as https on the files host). */
  url: ZUriOrFileAddress,
  caption: z.string().max(200).optional(),
});

/** The public face of a station: name, description, amenities, hours and photos. */
export const ZStationProfile = z.object({
  id: ZId,
  stationId: ZId,
  displayName: z.string(),
  description: z.string(),
  amenities: z.array(ZStationAmenity),
  hours: ZOpeningHours,
  photos: z.array(ZStationPhoto),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Shown to the public; drafts stay internal. */
  isPublished: z.boolean(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TStationProfile = z.infer<typeof ZStationProfile>;

/** Sortable fields; newest first by default. */
export const STATION_PROFILE_SORTS = ['createdAt', 'displayName'] as const;

/** `GET /api/station-profiles` query: 40 per page, `-createdAt`. */
export const ZStationProfileListQuery = zListQuery({
  ...LIST_DEFAULTS.stationProfiles,
  sortable: STATION_PROFILE_SORTS,
  sort: '-createdAt',
}).extend({
  isPublished: zQueryBoolean.optional(),
});
export type TStationProfileListQuery = z.infer<typeof ZStationProfileListQuery>;

/** A row of `GET /api/station-profiles`: the profile with its station's slug and name. */
export const ZStationProfileItem = ZStationProfile.extend({
  stationSlug: z.string(),
  stationName: z.string(),
});
export type TStationProfileItem = z.infer<typeof ZStationProfileItem>;

/** A page of station profiles. */
export const ZStationProfileList = zListResponse(ZStationProfileItem);
export type TStationProfileList = z.infer<typeof ZStationProfileList>;

/** `GET /api/stations/:slug/profile`: the profile, its station and its audit trail (newest first). */
export const ZStationProfileDetail = ZStationProfileItem.extend({ audit: ZAuditTrail });
export type TStationProfileDetail = z.infer<typeof ZStationProfileDetail>;

/**
 * `PUT /api/stations/:slug/profile` body: the whole public profile (a missing profile is created).
 * Photos are http(s) URLs (a file uploaded through `/api/files` is referenced by its URL).
 * `expectedUpdatedAt` (the `updatedAt` the editor loaded) turns a concurrent edit into a 409.
 */
export const ZStationProfileUpdate = z.object({
  displayName: z.string().trim().min(2).max(120),
  description: z.string().trim().max(2000),
  amenities: z
    .array(ZStationAmenity)
    .max(STATION_AMENITIES.length)
    .refine((list) => new Set(list).size === list.length, { message: 'Each amenity once' }),
  hours: ZOpeningHours,
  photos: z.array(ZStationPhoto).max(12),
  /** Null to remove it. */
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{5,18}[0-9]$/, 'Use digits, spaces or dashes, optionally starting with +')
    .nullable(),
  /** Null to remove it. */
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()).nullable(),
  isPublished: z.boolean(),
  expectedUpdatedAt: ZIsoDateTime.optional(),
});
export type TStationProfileUpdate = z.input<typeof ZStationProfileUpdate>;
