import { describe, expect, it } from 'vitest';
import {
  ZCardActivationRequest,
  ZCardActivationRequestCreate,
  ZCardActivationRequestList,
  ZCardActivationRequestListQuery,
} from './card-activation-request';

const request = {
  id: 1,
  cardId: 8,
  requestedBy: 'Fleet manager, Blue Dart',
  note: null,
  status: 'rejected',
  reason: 'KYC pending',
  decidedAt: '2024-03-15T05:00:00.000Z',
  decidedByUserId: 1,
  createdAt: '2024-03-14T05:00:00.000Z',
  updatedAt: '2024-03-15T05:00:00.000Z',
};

describe('ZCardActivationRequest', () => {
  it('parses the wire shape, decided or pending', () => {
    expect(ZCardActivationRequest.parse(request)).toEqual(request);
    const pending = { ...request, status: 'pending', reason: null, decidedAt: null, decidedByUserId: null };
    expect(ZCardActivationRequest.safeParse(pending).success).toBe(true);
  });

  it('rejects unknown statuses', () => {
    expect(ZCardActivationRequest.safeParse({ ...request, status: 'denied' }).success).toBe(false);
  });

  it('wraps a page', () => {
    expect(ZCardActivationRequestList.safeParse({ count: 1, pages: 1, results: [request] }).success).toBe(
      true,
    );
  });
});

describe('ZCardActivationRequestListQuery', () => {
  it('defaults to 40 per page, newest first', () => {
    expect(ZCardActivationRequestListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'createdAt', direction: 'desc' },
    });
  });

  it('filters by status', () => {
    expect(ZCardActivationRequestListQuery.parse({ status: 'pending' }).status).toEqual(['pending']);
    expect(ZCardActivationRequestListQuery.safeParse({ status: 'open' }).success).toBe(false);
  });
});

describe('ZCardActivationRequestCreate', () => {
  it('needs the card and who asks; an empty note is none', () => {
    expect(ZCardActivationRequestCreate.parse({ cardId: 8, requestedBy: ' Blue Dart ', note: ' ' })).toEqual({
      cardId: 8,
      requestedBy: 'Blue Dart',
      note: null,
    });
    expect(ZCardActivationRequestCreate.safeParse({ cardId: 8 }).success).toBe(false);
    expect(ZCardActivationRequestCreate.safeParse({ cardId: 8, requestedBy: '  ' }).success).toBe(false);
    expect(ZCardActivationRequestCreate.safeParse({ cardId: 0, requestedBy: 'x' }).success).toBe(false);
  });
});
