import { describe, expect, it } from 'vitest';
import { ZDispenser, ZDispenserList, ZDispenserListQuery } from './dispenser';

const nozzle = {
  id: 11,
  dispenserId: 3,
  number: 1,
  side: 'A',
  fuel: 'petrol',
  status: 'idle',
  totalizer: 123456.789,
};
const dispenser = {
  id: 3,
  stationId: 7,
  code: 'DU-03',
  lane: 2,
  make: 'Tokheim',
  status: 'dispensing',
  installedOn: '2019-06-01',
  nozzles: [nozzle, { ...nozzle, id: 12, number: 2, side: 'B', fuel: 'diesel', status: 'dispensing' }],
};

describe('ZDispenser', () => {
  it('parses a dispenser with its nozzles', () => {
    expect(ZDispenser.parse(dispenser)).toEqual(dispenser);
    expect(ZDispenser.parse({ ...dispenser, nozzles: [] }).nozzles).toEqual([]);
  });

  it('rejects bad nozzles', () => {
    const withNozzle = (change: object) => ({ ...dispenser, nozzles: [{ ...nozzle, ...change }] });
    expect(ZDispenser.safeParse(withNozzle({ side: 'C' })).success).toBe(false);
    expect(ZDispenser.safeParse(withNozzle({ number: 0 })).success).toBe(false);
    expect(ZDispenser.safeParse(withNozzle({ totalizer: -1 })).success).toBe(false);
    expect(ZDispenser.safeParse(withNozzle({ status: 'broken' })).success).toBe(false);
  });

  it('rejects a bad install date and unknown status', () => {
    expect(ZDispenser.safeParse({ ...dispenser, installedOn: '2019-13-01' }).success).toBe(false);
    expect(ZDispenser.safeParse({ ...dispenser, status: 'online' }).success).toBe(false);
  });

  it('wraps a page', () => {
    expect(ZDispenserList.safeParse({ count: 1, pages: 1, results: [dispenser] }).success).toBe(true);
  });
});

describe('ZDispenserListQuery', () => {
  it('defaults to the default page size, by code', () => {
    expect(ZDispenserListQuery.parse({})).toEqual({
      page: 0,
      limit: 20,
      sort: { field: 'code', direction: 'asc' },
    });
  });

  it('filters by status and fuel', () => {
    expect(ZDispenserListQuery.parse({ status: ['fault', 'offline'], fuel: 'cng' })).toMatchObject({
      status: ['fault', 'offline'],
      fuel: ['cng'],
    });
    expect(ZDispenserListQuery.safeParse({ status: 'broken' }).success).toBe(false);
  });
});
