import type { TStation, TStationList } from '@forecourt/contracts';

/** A station as the API answers it: Baner Road, Pune (id 1), with `patch` on top. */
export function testStation(patch: Partial<TStation> = {}): TStation {
  return {
    id: 1,
    slug: 'baner-road',
    name: 'Baner Road',
    code: 'PUN-001',
    fuelProvider: 'IOCL',
    fuels: ['petrol'],
    status: 'operational',
    city: 'Pune',
    state: 'Maharashtra',
    address: '1 Main Road',
    pincode: '411001',
    lat: 18.52,
    lng: 73.85,
    dispenserCount: 4,
    openedOn: '2019-03-05',
    ...patch,
  };
}

/** A second station, in another city and state. */
export const RING_ROAD_SURAT: TStation = testStation({
  id: 7,
  slug: 'ring-road-surat',
  name: 'Ring Road, Surat',
  code: 'SUR-007',
  fuelProvider: 'Nayara',
  city: 'Surat',
  state: 'Gujarat',
  address: 'Ring Road',
  pincode: '395002',
  lat: 21.17,
  lng: 72.83,
  dispenserCount: 8,
  openedOn: '2016-11-01',
});

/** One page holding all of `stations`, as GET /api/stations answers. */
export function stationList(...stations: TStation[]): TStationList {
  return { count: stations.length, pages: 1, results: stations };
}
