import { describe, expect, it } from 'vitest';
import {
  ZStationAccessRequest,
  ZStationAccessRequestCreate,
  ZStationAccessRequestList,
  ZStationAccessRequestListQuery,
} from './station-access-request';

const request = {
  id: 1,
  stationId: 7,
  userId: 12,
  message: 'I manage the night shift here',
  status: 'pending',
  reason: null,
  decidedAt: null,
  decidedByUserId: null,
  createdAt: '2024-03-14T05:00:00.000Z',
  updatedAt: '2024-03-14T05:00:00.000Z',
};

describe('ZStationAccessRequest', () => {
  it('parses the wire shape', () => {
    expect(ZStationAccessRequest.parse(request)).toEqual(request);
    expect(ZStationAccessRequest.safeParse({ ...request, message: null }).success).toBe(true);
  });

  it('wraps a page', () => {
    expect(ZStationAccessRequestList.safeParse({ count: 1, pages: 1, results: [request] }).success).toBe(
      true,
    );
  });
});

describe('ZStationAccessRequestCreate', () => {
  it('takes a station and an optional trimmed message', () => {
    expect(ZStationAccessRequestCreate.parse({ stationId: 7, message: '  hi ' })).toEqual({
      stationId: 7,
      message: 'hi',
    });
    expect(ZStationAccessRequestCreate.parse({ stationId: 7 })).toEqual({ stationId: 7 });
  });

  it('rejects a missing station and an overlong message', () => {
    expect(ZStationAccessRequestCreate.safeParse({}).success).toBe(false);
    expect(ZStationAccessRequestCreate.safeParse({ stationId: 7, message: 'x'.repeat(501) }).success).toBe(
      false,
    );
  });
});

describe('ZStationAccessRequestListQuery', () => {
  it('defaults to 40 per page, newest first', () => {
    expect(ZStationAccessRequestListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'createdAt', direction: 'desc' },
    });
  });

  it('filters by status and station', () => {
    expect(ZStationAccessRequestListQuery.parse({ status: 'pending', station: '7,8' })).toMatchObject({
      status: ['pending'],
      station: [7, 8],
    });
  });
});
