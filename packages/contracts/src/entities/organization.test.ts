import { describe, expect, it } from 'vitest';
import {
  ZOrganization,
  ZOrganizationList,
  ZOrganizationListQuery,
  ZOrganizationUpdate,
} from './organization';

const organization = {
  id: 1,
  slug: 'sharma-fuels',
  name: 'Sharma Fuels',
  kind: 'dealer_group',
  isFuelProvider: false,
  fuels: ['petrol', 'diesel', 'cng'],
  createdAt: '2024-01-01T00:00:00.000Z',
};

describe('ZOrganization', () => {
  it('parses the wire shape', () => {
    expect(ZOrganization.parse(organization)).toEqual(organization);
  });

  it('rejects unknown kinds and fuels, and 0/1 flags', () => {
    expect(ZOrganization.safeParse({ ...organization, kind: 'franchise' }).success).toBe(false);
    expect(ZOrganization.safeParse({ ...organization, fuels: ['kerosene'] }).success).toBe(false);
    expect(ZOrganization.safeParse({ ...organization, isFuelProvider: 0 }).success).toBe(false);
  });

  it('wraps a page', () => {
    expect(ZOrganizationList.safeParse({ count: 1, pages: 1, results: [organization] }).success).toBe(true);
  });
});

describe('ZOrganizationListQuery', () => {
  it('defaults to 40 per page from page 0, by name', () => {
    expect(ZOrganizationListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'name', direction: 'asc' },
    });
  });

  it('filters by isFuelProvider and fuels', () => {
    const query = ZOrganizationListQuery.parse({ isFuelProvider: '1', fuels: 'petrol,cng' });
    expect(query.isFuelProvider).toBe(true);
    expect(query.fuels).toEqual(['petrol', 'cng']);
    expect(ZOrganizationListQuery.parse({ isFuelProvider: 'false' }).isFuelProvider).toBe(false);
  });

  it('rejects unknown fuels, flags and sorts', () => {
    expect(ZOrganizationListQuery.safeParse({ fuels: 'petrol,kerosene' }).success).toBe(false);
    expect(ZOrganizationListQuery.safeParse({ isFuelProvider: 'yes' }).success).toBe(false);
    expect(ZOrganizationListQuery.safeParse({ sort: 'kind' }).success).toBe(false);
  });
});

describe('ZOrganizationUpdate', () => {
  it('takes a name and/or fuels, but not nothing', () => {
    expect(ZOrganizationUpdate.parse({ name: ' Shree Fuels ' })).toEqual({ name: 'Shree Fuels' });
    expect(ZOrganizationUpdate.parse({ fuels: ['cng'] })).toEqual({ fuels: ['cng'] });
    expect(ZOrganizationUpdate.safeParse({}).success).toBe(false);
    expect(ZOrganizationUpdate.safeParse({ fuels: ['cng', 'cng'] }).success).toBe(false);
    expect(ZOrganizationUpdate.safeParse({ name: 'A' }).success).toBe(false);
  });
});
