import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, ZPayment, ZPaymentList, ZPaymentListQuery } from './payment';

const payment = {
  id: 9,
  stationId: 7,
  transactionId: 501,
  timestamp: '2024-03-15T04:32:15.000Z',
  mode: 'upi',
  amountPaise: 129_277,
  status: 'success',
  reference: '407512345678',
  provider: 'PhonePe',
};

describe('ZPayment', () => {
  it('parses the wire shape; a top-up has no transaction', () => {
    expect(ZPayment.parse(payment)).toEqual(payment);
    expect(ZPayment.safeParse({ ...payment, transactionId: null }).success).toBe(true);
  });

  it('allows negative paise (refunds) but not fractions', () => {
    expect(ZPayment.safeParse({ ...payment, amountPaise: -129_277, status: 'refunded' }).success).toBe(true);
    expect(ZPayment.safeParse({ ...payment, amountPaise: 0.5 }).success).toBe(false);
  });

  it('rejects unknown statuses', () => {
    expect(PAYMENT_STATUSES).toContain('failed');
    expect(ZPayment.safeParse({ ...payment, status: 'ok' }).success).toBe(false);
  });

  it('wraps a page', () => {
    expect(ZPaymentList.safeParse({ count: 0, pages: 0, results: [] }).success).toBe(true);
  });
});

describe('ZPaymentListQuery', () => {
  it('defaults to 40 per page, newest first by timestamp', () => {
    expect(ZPaymentListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'timestamp', direction: 'desc' },
    });
  });

  it('filters by mode and status within a window', () => {
    const query = ZPaymentListQuery.parse({
      mode: ['upi', 'card'],
      status: 'failed',
      endDate: '2024-03-15T00:00:00Z',
    });
    expect(query).toMatchObject({
      mode: ['upi', 'card'],
      status: ['failed'],
      endDate: '2024-03-15T00:00:00Z',
    });
    expect(ZPaymentListQuery.safeParse({ mode: 'cheque' }).success).toBe(false);
  });
});
