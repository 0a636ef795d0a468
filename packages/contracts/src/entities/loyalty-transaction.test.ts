import { describe, expect, it } from 'vitest';
import {
  ZLoyaltyTransaction,
  ZLoyaltyTransactionList,
  ZLoyaltyTransactionListQuery,
} from './loyalty-transaction';

const entry = {
  id: 1,
  programId: 2,
  stationId: 7,
  customerId: 2,
  cardId: 8,
  transactionId: 501,
  kind: 'redeem',
  points: -250,
  amountPaise: 129_277,
  status: 'success',
  isTest: false,
  createdAt: '2024-03-15T04:33:00.000Z',
};

describe('ZLoyaltyTransaction', () => {
  it('parses the wire shape; redemptions take points away', () => {
    expect(ZLoyaltyTransaction.parse(entry)).toEqual(entry);
  });

  it('requires whole points and known kinds', () => {
    expect(ZLoyaltyTransaction.safeParse({ ...entry, points: 2.5 }).success).toBe(false);
    expect(ZLoyaltyTransaction.safeParse({ ...entry, kind: 'gift' }).success).toBe(false);
  });

  it('wraps a page', () => {
    expect(ZLoyaltyTransactionList.safeParse({ count: 1, pages: 1, results: [entry] }).success).toBe(true);
  });
});

describe('ZLoyaltyTransactionListQuery', () => {
  it('defaults to live successful entries, 40 per page, newest first', () => {
    expect(ZLoyaltyTransactionListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'createdAt', direction: 'desc' },
      isTest: false,
      status: ['success'],
    });
  });

  it('lets the caller include test entries and other statuses', () => {
    const query = ZLoyaltyTransactionListQuery.parse({
      isTest: 'true',
      status: 'pending,failed',
      kind: 'earn',
    });
    expect(query).toMatchObject({ isTest: true, status: ['pending', 'failed'], kind: ['earn'] });
  });

  it('rejects unknown statuses and takes a window', () => {
    expect(ZLoyaltyTransactionListQuery.safeParse({ status: 'done' }).success).toBe(false);
    expect(ZLoyaltyTransactionListQuery.parse({ startDate: '2024-01-01T00:00:00Z' }).startDate).toBe(
      '2024-01-01T00:00:00Z',
    );
  });
});
