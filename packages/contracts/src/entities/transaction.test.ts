import { describe, expect, it } from 'vitest';
import { ZTransaction, ZTransactionList, ZTransactionListQuery } from './transaction';

const transaction = {
  id: 501,
  stationId: 7,
  dispenserId: 3,
  nozzleId: 11,
  fuel: 'petrol',
  startDate: '2024-03-15T04:30:00.000Z',
  endDate: '2024-03-15T04:32:10.000Z',
  quantity: 12.345,
  unitPricePaise: 10_472,
  amountPaise: 129_277,
  paymentMode: 'upi',
  status: 'completed',
  vehicleRegistration: 'MH12AB1234',
  vehicleClass: 'car',
  customerId: null,
  attendantId: 4,
};

describe('ZTransaction', () => {
  it('parses the wire shape, with nullable references', () => {
    expect(ZTransaction.parse(transaction)).toEqual(transaction);
    expect(
      ZTransaction.safeParse({ ...transaction, vehicleRegistration: null, attendantId: null }).success,
    ).toBe(true);
  });

  it('requires integer paise and a non-negative quantity', () => {
    expect(ZTransaction.safeParse({ ...transaction, amountPaise: 1292.77 }).success).toBe(false);
    expect(ZTransaction.safeParse({ ...transaction, quantity: -1 }).success).toBe(false);
  });

  it('requires ISO instants and known enums', () => {
    expect(ZTransaction.safeParse({ ...transaction, startDate: 1_710_477_000_000 }).success).toBe(false);
    expect(ZTransaction.safeParse({ ...transaction, paymentMode: 'cheque' }).success).toBe(false);
    expect(ZTransaction.safeParse({ ...transaction, status: 'paid' }).success).toBe(false);
  });

  it('does not allow a missing optional reference to be left out', () => {
    const { customerId: _, ...withoutCustomer } = transaction;
    expect(ZTransaction.safeParse(withoutCustomer).success).toBe(false);
  });

  it('wraps a page, with the approximate flag', () => {
    const page = { count: 10_000, pages: 250, approximate: true, results: [transaction] };
    expect(ZTransactionList.parse(page)).toEqual(page);
  });
});

describe('ZTransactionListQuery', () => {
  it('defaults to 40 per page, newest first', () => {
    expect(ZTransactionListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'startDate', direction: 'desc' },
    });
  });

  it('takes a time window and filters', () => {
    const query = ZTransactionListQuery.parse({
      startDate: '2024-03-01T00:00:00+05:30',
      endDate: '2024-03-02T00:00:00+05:30',
      frequency: '1h',
      fuel: 'petrol,diesel',
      paymentMode: 'upi',
      registration: ' MH12 ',
      sort: 'amountPaise',
      page: '2',
    });
    expect(query).toMatchObject({
      startDate: '2024-03-01T00:00:00+05:30',
      frequency: '1h',
      fuel: ['petrol', 'diesel'],
      paymentMode: ['upi'],
      registration: 'MH12',
      sort: { field: 'amountPaise', direction: 'asc' },
      page: 2,
    });
  });

  it('rejects a malformed window, an unknown sort and an oversized page', () => {
    expect(ZTransactionListQuery.safeParse({ startDate: 'yesterday' }).success).toBe(false);
    expect(ZTransactionListQuery.safeParse({ sort: '-endDate' }).success).toBe(false);
    expect(ZTransactionListQuery.safeParse({ limit: '201' }).success).toBe(false);
    expect(ZTransactionListQuery.safeParse({ page: '-1' }).success).toBe(false);
  });
});
