import { describe, expect, it } from 'vitest';
import { ZPersonnel, ZPersonnelList, ZPersonnelListQuery } from './personnel';

const member = {
  id: 4,
  stationId: 7,
  name: 'Ravi Kumar',
  role: 'attendant',
  phone: '+919876543210',
  shift: 'night',
  status: 'active',
  joinedOn: '2022-08-16',
  createdAt: '2022-08-16T03:30:00.000Z',
};

describe('ZPersonnel', () => {
  it('parses the wire shape', () => {
    expect(ZPersonnel.parse(member)).toEqual(member);
  });

  it('rejects unknown roles, shifts and statuses', () => {
    expect(ZPersonnel.safeParse({ ...member, role: 'owner' }).success).toBe(false);
    expect(ZPersonnel.safeParse({ ...member, shift: 'afternoon' }).success).toBe(false);
    expect(ZPersonnel.safeParse({ ...member, status: 'fired' }).success).toBe(false);
  });

  it('wraps a page', () => {
    expect(ZPersonnelList.safeParse({ count: 1, pages: 1, results: [member] }).success).toBe(true);
  });
});

describe('ZPersonnelListQuery', () => {
  it('defaults to 20 per page, oldest first (spec §9)', () => {
    expect(ZPersonnelListQuery.parse({})).toEqual({
      page: 0,
      limit: 20,
      sort: { field: 'createdAt', direction: 'asc' },
    });
  });

  it('filters by role, shift and status', () => {
    expect(
      ZPersonnelListQuery.parse({ role: 'manager,cashier', shift: 'night', status: 'on_leave' }),
    ).toMatchObject({
      role: ['manager', 'cashier'],
      shift: ['night'],
      status: ['on_leave'],
    });
  });
});
