import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES, ZRequestDecision } from './request-status';

describe('request statuses', () => {
  it('start pending and end decided or cancelled', () => {
    expect(REQUEST_STATUSES).toEqual(['pending', 'approved', 'rejected', 'cancelled']);
  });
});

describe('ZRequestDecision', () => {
  it('approves without a reason', () => {
    expect(ZRequestDecision.parse({ status: 'approved' })).toEqual({ status: 'approved' });
  });

  it('rejects only with a non-blank reason', () => {
    expect(ZRequestDecision.parse({ status: 'rejected', reason: ' Not your station ' })).toEqual({
      status: 'rejected',
      reason: 'Not your station',
    });
    const missing = ZRequestDecision.safeParse({ status: 'rejected' });
    expect(missing.error?.issues[0]?.path).toEqual(['reason']);
    expect(ZRequestDecision.safeParse({ status: 'rejected', reason: '   ' }).success).toBe(false);
  });

  it('cannot set any other status', () => {
    expect(ZRequestDecision.safeParse({ status: 'pending' }).success).toBe(false);
    expect(ZRequestDecision.safeParse({ status: 'cancelled' }).success).toBe(false);
  });

  it('bounds the reason', () => {
    expect(ZRequestDecision.safeParse({ status: 'rejected', reason: 'x'.repeat(501) }).success).toBe(false);
  });
});
