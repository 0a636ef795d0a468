import { describe, expect, it } from 'vitest';
import { CHALLAN_STATUSES, ZChallan, ZChallanList, ZChallanListQuery } from './challan';

const challan = {
  id: 1,
  stationId: null,
  challanNo: 'DL2024031500123',
  registration: 'DL3CAB1234',
  challanTime: '2024-03-15T02:15:00.000Z',
  place: 'Ring Road, Lajpat Nagar',
  stateCode: 'DL',
  department: 'Delhi Traffic Police',
  offences: [
    { act: 'MV Act 1988, s. 177', name: 'General offence' },
    { act: 'MV Act 1988, s. 194D', name: 'Riding without a helmet' },
  ],
  finePaise: 150_000,
  status: 'pending',
  paidAt: null,
  court: null,
};

describe('ZChallan', () => {
  it('parses a challan with its offences', () => {
    expect(ZChallan.parse(challan)).toEqual(challan);
    expect(ZChallan.parse({ ...challan, offences: [] }).offences).toEqual([]);
  });

  it('requires {act, name} offences and a two-letter state code', () => {
    expect(ZChallan.safeParse({ ...challan, offences: [{ act: 'MV Act' }] }).success).toBe(false);
    expect(ZChallan.safeParse({ ...challan, offences: 'speeding' }).success).toBe(false);
    expect(ZChallan.safeParse({ ...challan, stateCode: 'DEL' }).success).toBe(false);
  });

  it('knows the court states', () => {
    expect(CHALLAN_STATUSES).toEqual(['pending', 'paid', 'in_court', 'disposed']);
    expect(
      ZChallan.safeParse({ ...challan, status: 'in_court', court: 'Virtual Court, Delhi' }).success,
    ).toBe(true);
  });

  it('wraps a page', () => {
    expect(ZChallanList.safeParse({ count: 1, pages: 1, results: [challan] }).success).toBe(true);
  });
});

describe('ZChallanListQuery', () => {
  it('defaults to 40 per page, latest challan first', () => {
    expect(ZChallanListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'challanTime', direction: 'desc' },
    });
  });

  it('filters by status, registration and upper-cased state codes', () => {
    expect(
      ZChallanListQuery.parse({ status: 'pending,in_court', stateCode: 'dl,mh', registration: 'DL3C' }),
    ).toMatchObject({ status: ['pending', 'in_court'], stateCode: ['DL', 'MH'], registration: 'DL3C' });
    expect(ZChallanListQuery.safeParse({ stateCode: 'delhi' }).success).toBe(false);
  });
});
