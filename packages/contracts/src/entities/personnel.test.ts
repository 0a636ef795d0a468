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
  it('defaults to 20 per page, oldest first', () => {
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

describe('ZIndianMobile', () => {
  it('accepts 10 digits from 6–9 with or without +91, 91 or 0 and normalises to +91', async () => {
    const { ZIndianMobile } = await import('./personnel');
    for (const input of ['9876543210', '+91 98765 43210', '91-98765-43210', '098765 43210', ' 6000000000 ']) {
      expect(ZIndianMobile.parse(input)).toBe(`+91${input.replace(/\D/g, '').slice(-10)}`);
    }
  });

  it('rejects landlines, short, long and foreign numbers', async () => {
    const { ZIndianMobile } = await import('./personnel');
    for (const input of [
      '5876543210',
      '987654321',
      '98765432101',
      '+1 415 555 0100',
      '+9298765 43210',
      'call me',
    ]) {
      expect(ZIndianMobile.safeParse(input).success, input).toBe(false);
    }
  });
});

describe('ZPersonnelCreate and ZPersonnelUpdate', () => {
  it('needs name, role, phone and shift; an edit needs one field', async () => {
    const { ZPersonnelCreate, ZPersonnelUpdate } = await import('./personnel');
    expect(
      ZPersonnelCreate.parse({ name: ' Ravi ', role: 'cashier', phone: '9876543210', shift: 'morning' }),
    ).toEqual({ name: 'Ravi', role: 'cashier', phone: '+919876543210', shift: 'morning' });
    expect(ZPersonnelCreate.safeParse({ name: 'Ravi', role: 'cashier', shift: 'morning' }).success).toBe(
      false,
    );
    expect(ZPersonnelUpdate.safeParse({}).success).toBe(false);
    expect(ZPersonnelUpdate.parse({ status: 'on_leave' })).toEqual({ status: 'on_leave' });
  });
});
