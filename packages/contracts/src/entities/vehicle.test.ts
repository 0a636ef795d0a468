import { describe, expect, it } from 'vitest';
import {
  ZVehicle,
  ZVehicleList,
  ZVehicleListQuery,
  ZVehicleSighting,
  ZVehicleSightingList,
  ZVehicleSightingListQuery,
} from './vehicle';

const vehicle = {
  id: 5,
  registration: 'KA01MJ2024',
  vehicleClass: 'truck',
  fuel: 'diesel',
  customerId: 2,
  firstSeenAt: '2023-11-01T06:00:00.000Z',
  servedAt: '2024-03-15T04:00:00.000Z',
  isWatchlisted: false,
};

const sighting = {
  id: 77,
  stationId: 7,
  registration: 'KA01MJ2024',
  vehicleClass: 'truck',
  servedAt: '2024-03-15T04:00:00.000Z',
  lane: 1,
  confidence: 97,
  dwellSeconds: 240,
  transactionId: null,
};

describe('ZVehicle and ZVehicleSighting', () => {
  it('parse the wire shapes', () => {
    expect(ZVehicle.parse(vehicle)).toEqual(vehicle);
    expect(ZVehicleSighting.parse(sighting)).toEqual(sighting);
  });

  it('bound ANPR confidence to 0–100 and dwell to whole non-negative seconds', () => {
    expect(ZVehicleSighting.safeParse({ ...sighting, confidence: 0 }).success).toBe(true);
    expect(ZVehicleSighting.safeParse({ ...sighting, confidence: 101 }).success).toBe(false);
    expect(ZVehicleSighting.safeParse({ ...sighting, dwellSeconds: -1 }).success).toBe(false);
    expect(ZVehicleSighting.safeParse({ ...sighting, dwellSeconds: 1.5 }).success).toBe(false);
  });

  it('reject unknown vehicle classes', () => {
    expect(ZVehicle.safeParse({ ...vehicle, vehicleClass: 'tractor' }).success).toBe(false);
  });

  it('wrap pages', () => {
    expect(ZVehicleList.safeParse({ count: 1, pages: 1, results: [vehicle] }).success).toBe(true);
    expect(ZVehicleSightingList.safeParse({ count: 1, pages: 1, results: [vehicle] }).success).toBe(false);
  });
});

describe('vehicle list queries', () => {
  it('default to 40 per page, latest visit first (servedAt)', () => {
    const expected = { page: 0, limit: 40, sort: { field: 'servedAt', direction: 'desc' } };
    expect(ZVehicleListQuery.parse({})).toEqual(expected);
    expect(ZVehicleSightingListQuery.parse({})).toEqual(expected);
  });

  it('filter vehicles by search, class, fuel and watchlist', () => {
    expect(
      ZVehicleListQuery.parse({ q: 'KA01', vehicleClass: '2w,3w', isWatchlisted: 'true' }),
    ).toMatchObject({
      q: 'KA01',
      vehicleClass: ['2w', '3w'],
      isWatchlisted: true,
    });
  });

  it('give sightings a time window', () => {
    const query = ZVehicleSightingListQuery.parse({
      startDate: '2024-03-01T00:00:00Z',
      sort: '-dwellSeconds',
    });
    expect(query).toMatchObject({
      startDate: '2024-03-01T00:00:00Z',
      sort: { field: 'dwellSeconds', direction: 'desc' },
    });
    expect(ZVehicleSightingListQuery.safeParse({ frequency: 'daily' }).success).toBe(false);
  });
});
