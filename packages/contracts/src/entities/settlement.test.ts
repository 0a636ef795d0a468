import { describe, expect, it } from 'vitest';
import {
  SETTLEMENT_STATUSES,
  SETTLEMENT_TRANSITIONS,
  ZSettlement,
  ZSettlementList,
  ZSettlementListQuery,
  ZSettlementTransition,
} from './settlement';

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

describe('SETTLEMENT_TRANSITIONS', () => {
  it('pays out through processing; settled is final; failed ones are retried', () => {
    expect(SETTLEMENT_TRANSITIONS.pending).toEqual(['processing']);
    expect(SETTLEMENT_TRANSITIONS.processing).toEqual(['settled', 'failed']);
    expect(SETTLEMENT_TRANSITIONS.failed).toEqual(['processing']);
    expect(SETTLEMENT_TRANSITIONS.settled).toEqual([]);
    for (const status of SETTLEMENT_STATUSES) expect(SETTLEMENT_TRANSITIONS[status]).not.toContain(status);
  });
});

describe('ZSettlementTransition', () => {
  it('upper-cases and checks the UTR', () => {
    expect(ZSettlementTransition.parse({ to: 'settled', utr: ' kavbn12345678901 ' })).toEqual({
      to: 'settled',
      utr: 'KAVBN12345678901',
    });
    expect(ZSettlementTransition.safeParse({ to: 'settled', utr: 'SHORT1' }).success).toBe(false);
    expect(ZSettlementTransition.safeParse({ to: 'settled', utr: 'KAVB-N123456789' }).success).toBe(false);
    expect(ZSettlementTransition.safeParse({ to: 'paid' }).success).toBe(false);
  });
});
