import { describe, expect, it } from 'vitest';
import {
  CARD_STATUSES,
  effectiveCardStatus,
  maskCardNumber,
  ZCard,
  ZCardLimits,
  ZCardList,
  ZCardListQuery,
  ZCardPageQuery,
  ZCardStatusChange,
} from './card';

const card = {
  id: 8,
  programId: 2,
  customerId: 2,
  kind: 'fleet',
  last4: '0042',
  maskedNumber: '•••• •••• •••• 0042',
  vehicleRegistration: 'KA01MJ2024',
  status: 'active',
  dailyLimitPaise: 2_000_000,
  monthlyLimitPaise: 50_000_000,
  balancePaise: 1_234_500,
  isTest: false,
  issuedAt: '2024-01-10T00:00:00.000Z',
  expiresAt: '2029-01-31T18:29:59.999Z',
  createdAt: '2024-01-10T00:00:00.000Z',
};

describe('maskCardNumber', () => {
  it('shows only the last four digits, keeping leading zeros', () => {
    expect(maskCardNumber('0042')).toBe('•••• •••• •••• 0042');
  });

  it('rejects anything but four digits', () => {
    for (const bad of ['', '123', '12345', 'abcd', '12 3'])
      expect(() => maskCardNumber(bad), bad).toThrow(RangeError);
  });
});

describe('ZCard', () => {
  it('parses the wire shape', () => {
    expect(ZCard.parse(card)).toEqual(card);
  });

  it('has the four lifecycle statuses', () => {
    expect(CARD_STATUSES).toEqual(['issued', 'active', 'blocked', 'expired']);
    expect(ZCard.safeParse({ ...card, status: 'lost' }).success).toBe(false);
  });

  it('never carries more than four digits', () => {
    expect(ZCard.safeParse({ ...card, last4: '4111111111110042' }).success).toBe(false);
  });

  it('wraps a page', () => {
    expect(ZCardList.safeParse({ count: 1, pages: 1, results: [card] }).success).toBe(true);
  });
});

describe('ZCardListQuery', () => {
  it('excludes test cards by default, 40 per page', () => {
    expect(ZCardListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'createdAt', direction: 'desc' },
      isTest: false,
    });
  });

  it('filters by isTest, status and kind', () => {
    expect(ZCardListQuery.parse({ isTest: '1', status: 'blocked', kind: 'prepaid' })).toMatchObject({
      isTest: true,
      status: ['blocked'],
      kind: ['prepaid'],
    });
    expect(ZCardListQuery.safeParse({ isTest: 'maybe' }).success).toBe(false);
  });
});

describe('ZCardPageQuery', () => {
  it('takes a search text and a cursor', () => {
    expect(ZCardPageQuery.parse({ q: ' 0042 ', cursor: 'abcdefgh12' })).toMatchObject({
      q: '0042',
      cursor: 'abcdefgh12',
    });
    expect(ZCardPageQuery.safeParse({ q: '' }).success).toBe(false);
  });
});

describe('effectiveCardStatus', () => {
  it('shows a card past its expiry date as expired, whatever it stored', () => {
    expect(effectiveCardStatus('active', 1_000, 1_000)).toBe('expired');
    expect(effectiveCardStatus('blocked', 999, 1_000)).toBe('expired');
    expect(effectiveCardStatus('issued', 1_001, 1_000)).toBe('issued');
  });
});

describe('ZCardStatusChange', () => {
  it('blocks or unblocks with a reason only', () => {
    expect(ZCardStatusChange.parse({ to: 'blocked', reason: ' Lost ' })).toEqual({
      to: 'blocked',
      reason: 'Lost',
    });
    expect(ZCardStatusChange.safeParse({ to: 'blocked' }).success).toBe(false);
    expect(ZCardStatusChange.safeParse({ to: 'blocked', reason: '  ' }).success).toBe(false);
    expect(ZCardStatusChange.safeParse({ to: 'expired', reason: 'x' }).success).toBe(false);
    expect(ZCardStatusChange.safeParse({ to: 'issued', reason: 'x' }).success).toBe(false);
  });
});

describe('ZCardLimits', () => {
  it('needs non-negative whole paise with the monthly limit at least the daily one', () => {
    expect(ZCardLimits.safeParse({ dailyLimitPaise: 100, monthlyLimitPaise: 100 }).success).toBe(true);
    expect(ZCardLimits.safeParse({ dailyLimitPaise: 0, monthlyLimitPaise: 0 }).success).toBe(true);
    const low = ZCardLimits.safeParse({ dailyLimitPaise: 200, monthlyLimitPaise: 100 });
    expect(low.success).toBe(false);
    expect(low.error?.issues[0]?.path).toEqual(['monthlyLimitPaise']);
    expect(ZCardLimits.safeParse({ dailyLimitPaise: -1, monthlyLimitPaise: 100 }).success).toBe(false);
    expect(ZCardLimits.safeParse({ dailyLimitPaise: 1.5, monthlyLimitPaise: 100 }).success).toBe(false);
  });
});
