import { fuelsFromMask, type TStation, ZFuelProvider, ZStationStatus } from '@forecourt/contracts';
import type { StationRow } from '../../db/schema';

export function presentStation(row: StationRow): TStation {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    code: row.code,
    fuelProvider: ZFuelProvider.parse(row.fuelProvider),
    fuels: fuelsFromMask(row.fuelMask),
    status: ZStationStatus.parse(row.status),
    city: row.city,
    state: row.state,
    address: row.address,
    pincode: row.pincode,
    lat: row.lat,
    lng: row.lng,
    dispenserCount: row.dispenserCount,
    openedOn: row.openedOn,
  };
}
