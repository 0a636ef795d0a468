import { describe, expect, it } from 'vitest';
import { INGEST_MAX_ITEMS, ingestItemCount, normalizeRegistration, ZIngestBatch } from './ingest';
import { OPERATIONS_EVENTS, ZSubscribeRequest } from './realtime';

const fill = {
  sourceId: 'pos-1',
  dispenserCode: 'D1',
  nozzleNumber: 2,
  startDate: '2026-03-10T09:30:00+05:30',
  endDate: '2026-03-10T09:32:00+05:30',
  quantity: 20.5,
  unitPricePaise: 10_472,
  amountPaise: 214_676,
  paymentMode: 'upi',
  vehicleClass: 'car',
};

describe('ingest contracts', () => {
  it('takes a nozzle by id or by dispenser code and number, and nothing else', () => {
    expect(ZIngestBatch.safeParse({ transactions: [fill] }).success).toBe(true);
    const { dispenserCode: _, nozzleNumber: __, ...bare } = fill;
    expect(ZIngestBatch.safeParse({ transactions: [{ ...bare, nozzleId: 7 }] }).success).toBe(true);
    const missing = ZIngestBatch.safeParse({ transactions: [{ ...bare, dispenserCode: 'D1' }] });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['transactions', 0, 'nozzleId']);
  });

  it('defaults a fill to completed and refuses source ids with spaces or over 100 characters', () => {
    expect(ZIngestBatch.parse({ transactions: [fill] }).transactions?.[0]?.status).toBe('completed');
    expect(ZIngestBatch.safeParse({ transactions: [{ ...fill, sourceId: 'a b' }] }).success).toBe(false);
    expect(ZIngestBatch.safeParse({ transactions: [{ ...fill, sourceId: 'x'.repeat(101) }] }).success).toBe(
      false,
    );
  });

  it('refuses a payment naming its fill twice over', () => {
    const payment = {
      sourceId: 'pay-1',
      transactionSourceId: 'pos-1',
      transactionId: 3,
      timestamp: '2026-03-10T04:03:00Z',
      mode: 'upi',
      amountPaise: 100,
      status: 'success',
    };
    expect(ZIngestBatch.safeParse({ payments: [payment] }).success).toBe(false);
  });

  it('counts items of every kind and caps the batch', () => {
    expect(ingestItemCount({ transactions: [1, 2], payments: [3], other: [4, 5] })).toBe(3);
    expect(ingestItemCount('nope')).toBe(0);
    const tooMany = { transactions: Array.from({ length: INGEST_MAX_ITEMS }, () => fill), payments: [{}] };
    expect(ingestItemCount(tooMany)).toBe(INGEST_MAX_ITEMS + 1);
  });

  it('stores registrations upper case without spaces or dashes', () => {
    expect(normalizeRegistration('mh-12 ab 1234')).toBe('MH12AB1234');
  });

  it('names every operations event and validates subscriptions', () => {
    expect(Object.keys(OPERATIONS_EVENTS)).toContain('transactions.created');
    expect(ZSubscribeRequest.safeParse({ stationIds: 'all' }).success).toBe(true);
    expect(ZSubscribeRequest.safeParse({ stationIds: [] }).success).toBe(false);
    expect(ZSubscribeRequest.safeParse({ stationIds: [1, -2] }).success).toBe(false);
  });
});
