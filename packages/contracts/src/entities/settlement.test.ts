import { describe, expect, it } from 'vitest';
import { ZSettlement, ZSettlementList, ZSettlementListQuery } from './settlement';

const settlement = {
  id: 3,
  programId: 2,
  stationId: 7,
  periodStart: '2024-02-29T18:30:00.000Z',
  periodEnd: '2024-03-07T18:30:00.000Z',
  transactionCount: 412,
  grossPaise: 5_000_000,
  feePaise: 50_000,
  netPaise: 4_950_000,
  status: 'settled',
  utr: 'SBIN424075123456',
  settledAt: '2024-03-09T06:00:00.000Z',
  createdAt: '2024-03-08T00:00:00.000Z',
};

describe('ZSettlement', () => {
  it('parses the wire shape; unpaid ones have no UTR yet', () => {
    expect(ZSettlement.parse(settlement)).toEqual(settlement);
    expect(
      ZSettlement.safeParse({ ...settlement, status: 'pending', utr: null, settledAt: null }).success,
    ).toBe(true);
  });

  it('rejects negative counts and unknown statuses', () => {
    expect(ZSettlement.safeParse({ ...settlement, transactionCount: -1 }).success).toBe(false);
    expect(ZSettlement.safeParse({ ...settlement, status: 'paid' }).success).toBe(false);
  });

  it('wraps a page', () => {
    expect(ZSettlementList.safeParse({ count: 1, pages: 1, results: [settlement] }).success).toBe(true);
  });
});

describe('ZSettlementListQuery', () => {
  it('defaults to 40 per page, newest first', () => {
    expect(ZSettlementListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'createdAt', direction: 'desc' },
    });
  });

  it('filters by status and station within a window', () => {
    expect(ZSettlementListQuery.parse({ status: 'failed', station: '7', sort: '-netPaise' })).toMatchObject({
      status: ['failed'],
      station: [7],
      sort: { field: 'netPaise', direction: 'desc' },
    });
  });
});
