import { z } from 'zod';
import { ZFuel } from '../enums';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZId, ZIsoDate, ZQuantity } from './scalars';

/** States of a dispenser (the pump unit on an island). */
export const DISPENSER_STATUSES = ['idle', 'dispensing', 'fault', 'offline', 'maintenance'] as const;
/** A dispenser's state. */
export const ZDispenserStatus = z.enum(DISPENSER_STATUSES);
export type TDispenserStatus = z.infer<typeof ZDispenserStatus>;

/** States of one nozzle; `disabled` is switched off by staff, `fault` reported by the dispenser. */
export const NOZZLE_STATUSES = ['idle', 'dispensing', 'fault', 'disabled'] as const;
/** A nozzle's state. */
export const ZNozzleStatus = z.enum(NOZZLE_STATUSES);
export type TNozzleStatus = z.infer<typeof ZNozzleStatus>;

/** The side of the dispenser a nozzle faces; a two-sided dispenser serves two lanes. */
export const NOZZLE_SIDES = ['A', 'B'] as const;
/** A nozzle's side. */
export const ZNozzleSide = z.enum(NOZZLE_SIDES);

/** One nozzle (hose) of a dispenser. */
export const ZNozzle = z.object({
  id: ZId,
  dispenserId: ZId,
  /** Nozzle number on its dispenser, from 1. */
  number: z.number().int().positive(),
  side: ZNozzleSide,
  fuel: ZFuel,
  status: ZNozzleStatus,
  /** Cumulative totaliser reading in the fuel's unit. */
  totalizer: ZQuantity,
});
export type TNozzle = z.infer<typeof ZNozzle>;

/** A dispenser with its nozzles (station assets → dispensers). */
export const ZDispenser = z.object({
  id: ZId,
  stationId: ZId,
  /** Code painted on the unit, unique per station (e.g. `DU-03`). */
  code: z.string(),
  lane: z.number().int().nonnegative(),
  make: z.string(),
  status: ZDispenserStatus,
  installedOn: ZIsoDate,
  nozzles: z.array(ZNozzle),
});
export type TDispenser = z.infer<typeof ZDispenser>;

/** Sortable fields of the dispenser list. */
export const DISPENSER_SORTS = ['code', 'lane', 'status'] as const;

/** `GET /api/stations/:slug/dispensers` query; default page size, by code. */
export const ZDispenserListQuery = zListQuery({
  ...LIST_DEFAULTS.default,
  sortable: DISPENSER_SORTS,
  sort: 'code',
}).extend({
  status: zMulti(ZDispenserStatus).optional(),
  /** Dispensers with a nozzle for any of these fuels. */
  fuel: zMulti(ZFuel).optional(),
});
export type TDispenserListQuery = z.infer<typeof ZDispenserListQuery>;

/** A page of dispensers. */
export const ZDispenserList = zListResponse(ZDispenser);
export type TDispenserList = z.infer<typeof ZDispenserList>;
