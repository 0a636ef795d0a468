import { describe, expect, it } from 'vitest';
import { ZCustomer, ZCustomerList, ZCustomerListQuery, ZCustomerSummary } from './customer';

const customer = {
  id: 2,
  name: 'Blue Dart Fleet',
  kind: 'fleet',
  phone: '+919812345678',
  email: null,
  homeStationId: 7,
  createdAt: '2023-06-01T00:00:00.000Z',
};

const summary = {
  ...customer,
  quantitySum: 1520.5,
  quantityByFuel: { diesel: 1500, cng: 20.5 },
  amountPaise: 14_200_000,
  transactionCount: 31,
  lastVisitAt: '2024-03-14T12:00:00.000Z',
};

describe('ZCustomer and ZCustomerSummary', () => {
  it('parse the wire shapes', () => {
    expect(ZCustomer.parse(customer)).toEqual(customer);
    expect(ZCustomerSummary.parse(summary)).toEqual(summary);
  });

  it('allow any subset of fuels in the breakdown, but only real fuels', () => {
    expect(ZCustomerSummary.safeParse({ ...summary, quantityByFuel: {} }).success).toBe(true);
    expect(ZCustomerSummary.safeParse({ ...summary, quantityByFuel: { kerosene: 1 } }).success).toBe(false);
    expect(ZCustomerSummary.safeParse({ ...summary, quantityByFuel: { diesel: -1 } }).success).toBe(false);
  });

  it('require the window aggregates on list rows', () => {
    expect(ZCustomerList.safeParse({ count: 1, pages: 1, results: [customer] }).success).toBe(false);
    expect(ZCustomerList.safeParse({ count: 1, pages: 1, results: [summary] }).success).toBe(true);
  });
});

describe('ZCustomerListQuery', () => {
  it('defaults to 40 per page, biggest buyers first by quantity_sum', () => {
    expect(ZCustomerListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'quantity_sum', direction: 'desc' },
    });
  });

  it('keeps the product spelling of the sort key', () => {
    expect(ZCustomerListQuery.parse({ sort: 'quantity_sum' }).sort).toEqual({
      field: 'quantity_sum',
      direction: 'asc',
    });
    expect(ZCustomerListQuery.safeParse({ sort: '-quantitySum' }).success).toBe(false);
  });

  it('takes a window, search and kind', () => {
    expect(ZCustomerListQuery.parse({ q: 'Blue', kind: 'fleet', frequency: '1d' })).toMatchObject({
      q: 'Blue',
      kind: ['fleet'],
      frequency: '1d',
    });
  });
});
