import { z } from 'zod';
import { ZFuel, ZVehicleClass } from '../enums';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti, zQueryBoolean } from '../list';
import { ZTimeWindowQuery } from '../time-window';
import { ZId, ZIsoDateTime, ZSearchText } from './scalars';

/** A vehicle known to the organisation, keyed by its registration. */
export const ZVehicle = z.object({
  id: ZId,
  /** Registration in upper case without spaces, e.g. `MH12AB1234` or `22BH1234AA`. */
  registration: z.string(),
  vehicleClass: ZVehicleClass,
  fuel: ZFuel,
  customerId: ZId.nullable(),
  firstSeenAt: ZIsoDateTime,
  /** Its most recent visit to any station of the organisation. */
  servedAt: ZIsoDateTime,
  /** On the ANPR watchlist (stolen, fuel-theft history…); a sighting raises an incident. */
  isWatchlisted: z.boolean(),
});
export type TVehicle = z.infer<typeof ZVehicle>;

/** One ANPR read of a vehicle entering a station's forecourt. */
export const ZVehicleSighting = z.object({
  id: ZId,
  stationId: ZId,
  registration: z.string(),
  vehicleClass: ZVehicleClass,
  /** When the vehicle was read at the entrance. */
  servedAt: ZIsoDateTime,
  lane: z.number().int().nonnegative(),
  /** ANPR confidence, 0–100. */
  confidence: z.number().int().min(0).max(100),
  /** Time spent on the forecourt. */
  dwellSeconds: z.number().int().nonnegative(),
  /** The fill matched to this visit, if any. */
  transactionId: ZId.nullable(),
});
export type TVehicleSighting = z.infer<typeof ZVehicleSighting>;

/** Sortable fields of the vehicle list; latest visit first by default. */
export const VEHICLE_SORTS = ['servedAt', 'firstSeenAt', 'registration'] as const;

/** `GET /api/vehicles` query: 40 per page, `-servedAt`. */
export const ZVehicleListQuery = zListQuery({
  ...LIST_DEFAULTS.vehicles,
  sortable: VEHICLE_SORTS,
  sort: '-servedAt',
}).extend({
  /** Registration, matched from its start. */
  q: ZSearchText.optional(),
  vehicleClass: zMulti(ZVehicleClass).optional(),
  fuel: zMulti(ZFuel).optional(),
  isWatchlisted: zQueryBoolean.optional(),
});
export type TVehicleListQuery = z.infer<typeof ZVehicleListQuery>;

/** A page of vehicles. */
export const ZVehicleList = zListResponse(ZVehicle);
export type TVehicleList = z.infer<typeof ZVehicleList>;

/** Sortable fields of a station's sightings; latest first by default. */
export const VEHICLE_SIGHTING_SORTS = ['servedAt', 'dwellSeconds'] as const;

/**
 * `GET /api/stations/:slug/vehicles` (and one vehicle's history) query: 40 per page within a window
 * (screens `stationVehicles` and `vehicle`, at most 180 days).
 */
export const ZVehicleSightingListQuery = zListQuery({
  ...LIST_DEFAULTS.vehicles,
  sortable: VEHICLE_SIGHTING_SORTS,
  sort: '-servedAt',
}).extend({
  ...ZTimeWindowQuery.shape,
  registration: ZSearchText.optional(),
  vehicleClass: zMulti(ZVehicleClass).optional(),
});
export type TVehicleSightingListQuery = z.infer<typeof ZVehicleSightingListQuery>;

/** A page of sightings. */
export const ZVehicleSightingList = zListResponse(ZVehicleSighting);
export type TVehicleSightingList = z.infer<typeof ZVehicleSightingList>;
