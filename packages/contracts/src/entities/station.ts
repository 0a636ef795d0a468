import { z } from 'zod';
import { ZFuel, ZFuelProvider, ZStationStatus } from '../enums';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';

export const ZStation = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  code: z.string(),
  fuelProvider: ZFuelProvider,
  fuels: z.array(ZFuel),
  status: ZStationStatus,
  city: z.string(),
  state: z.string(),
  address: z.string(),
  pincode: z.string(),
  lat: z.number(),
  lng: z.number(),
  dispenserCount: z.number().int(),
  openedOn: z.string().describe('ISO date the station opened'),
});
export type TStation = z.infer<typeof ZStation>;

export const STATION_SORTS = ['name', 'city', 'status', 'openedOn'] as const;

export const ZStationListQuery = zListQuery({
  ...LIST_DEFAULTS.stations,
  sortable: STATION_SORTS,
  sort: 'name',
}).extend({
  q: z.string().trim().max(100).optional(),
  fuelProvider: zMulti(ZFuelProvider).optional(),
  fuels: zMulti(ZFuel).optional(),
  status: zMulti(ZStationStatus).optional(),
});
export type TStationListQuery = z.infer<typeof ZStationListQuery>;

export const ZStationList = zListResponse(ZStation);
export type TStationList = z.infer<typeof ZStationList>;

/** A nozzle of a new dispenser: its number on the unit, the side it faces and the fuel it gives. */
export const ZNewNozzle = z.object({
  number: z.number().int().min(1).max(12),
  side: z.enum(['A', 'B']),
  fuel: ZFuel,
});

/** A dispenser of a new station with its nozzles; codes are unique within the station. */
export const ZNewDispenser = z.object({
  code: z.string().trim().min(1).max(20),
  lane: z.number().int().min(1).max(30),
  make: z.string().trim().min(1).max(60),
  installedOn: z.iso.date().optional(),
  nozzles: z
    .array(ZNewNozzle)
    .min(1)
    .max(12)
    .refine((nozzles) => new Set(nozzles.map((n) => n.number)).size === nozzles.length, {
      message: 'Nozzle numbers must differ on one dispenser',
    }),
});

/**
 * `POST /api/stations`: a new station of the caller's organisation with its forecourt (dispensers
 * and nozzles); the station sells the fuels its nozzles give. Coordinates must lie in India.
 */
export const ZStationCreateRequest = z
  .object({
    name: z.string().trim().min(2).max(120),
    code: z
      .string()
      .trim()
      .min(2)
      .max(20)
      .regex(/^[A-Za-z0-9-]+$/, 'Letters, digits and hyphens'),
    fuelProvider: ZFuelProvider,
    status: ZStationStatus.default('operational'),
    city: z.string().trim().min(2).max(80),
    state: z.string().trim().min(2).max(80),
    address: z.string().trim().min(3).max(300),
    pincode: z.string().regex(/^[1-9][0-9]{5}$/, 'Six digits'),
    lat: z.number().min(6).max(37.5),
    lng: z.number().min(68).max(97.5),
    lanes: z.number().int().min(1).max(30),
    openedOn: z.iso.date(),
    dispensers: z.array(ZNewDispenser).min(1).max(40),
  })
  .superRefine((station, ctx) => {
    const codes = new Set<string>();
    station.dispensers.forEach((dispenser, index) => {
      const code = dispenser.code.toUpperCase();
      if (codes.has(code))
        ctx.addIssue({
          code: 'custom',
          path: ['dispensers', index, 'code'],
          message: 'Used by another dispenser',
        });
      codes.add(code);
      if (dispenser.lane > station.lanes)
        ctx.addIssue({
          code: 'custom',
          path: ['dispensers', index, 'lane'],
          message: `The station has ${station.lanes} lanes`,
        });
    });
  });
export type TStationCreateRequest = z.infer<typeof ZStationCreateRequest>;
