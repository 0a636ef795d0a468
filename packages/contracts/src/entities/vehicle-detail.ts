import { z } from 'zod';
import { ZFuel } from '../enums';
import { ZTimeWindow, ZTimeWindowQuery } from '../time-window';
import { ZChallan } from './challan';
import { ZId, ZIsoDateTime, ZPaise } from './scalars';
import { ZTransaction } from './transaction';
import { ZVehicle, ZVehicleSighting } from './vehicle';

/** How many fills and sightings the vehicle page shows; older ones are in the lists (`?registration=`). */
export const VEHICLE_DETAIL_ROWS = 40;
/** Most challans the vehicle page shows, latest first. */
export const VEHICLE_DETAIL_CHALLANS = 100;

/** `GET /api/vehicles/:registration` query: a window (screen `vehicle`, 24 hours by default, at most 180 days). */
export const ZVehicleDetailQuery = ZTimeWindowQuery;
export type TVehicleDetailQuery = z.infer<typeof ZVehicleDetailQuery>;

/** The vehicle's visits to one station in the window. */
export const ZVehicleStationVisits = z.object({
  stationId: ZId,
  slug: z.string(),
  name: z.string(),
  fills: z.number().int().nonnegative(),
  amountPaise: ZPaise,
  lastFillAt: ZIsoDateTime,
});
export type TVehicleStationVisits = z.infer<typeof ZVehicleStationVisits>;

/** The vehicle page: the registry entry, its fills across stations, sightings and challans. */
export const ZVehicleDetail = z.object({
  vehicle: ZVehicle,
  window: ZTimeWindow,
  totals: z.object({
    fills: z.number().int().nonnegative(),
    amountPaise: ZPaise,
    /** Quantities per fuel in the fuel's own unit. */
    quantityByFuel: z.partialRecord(ZFuel, z.number().nonnegative()),
    sightings: z.number().int().nonnegative(),
    pendingChallans: z.number().int().nonnegative(),
    pendingFinePaise: ZPaise,
  }),
  /** Per station, most fills first. */
  stations: z.array(ZVehicleStationVisits),
  /** Latest fills in the window, newest first. */
  fills: z.array(ZTransaction),
  /** Latest sightings in the window, newest first. */
  sightings: z.array(ZVehicleSighting),
  /** The vehicle's challans (any time), latest first. */
  challans: z.array(ZChallan),
});
export type TVehicleDetail = z.infer<typeof ZVehicleDetail>;

/** `:registration` path parameter: letters and digits, spaces and dashes ignored, any case. */
export const ZRegistrationParams = z.object({
  registration: z
    .string()
    .trim()
    .min(4)
    .max(20)
    .regex(/^[A-Za-z0-9 -]+$/, 'A registration has letters and digits only')
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase()),
});
