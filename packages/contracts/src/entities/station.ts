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
