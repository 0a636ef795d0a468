import { describe, expect, it } from 'vitest';
import {
  CONGESTION_SAMPLE_INTERVAL_MS,
  ZCongestionSample,
  ZCongestionSampleList,
  ZCongestionSampleListQuery,
} from './congestion-sample';

const sample = {
  id: 1,
  stationId: 7,
  lane: 0,
  sampledAt: '2024-03-15T04:30:00.000Z',
  queueLength: 4,
  waitSeconds: 210,
};

describe('ZCongestionSample', () => {
  it('parses the wire shape; an empty lane is valid', () => {
    expect(ZCongestionSample.parse(sample)).toEqual(sample);
    expect(ZCongestionSample.safeParse({ ...sample, queueLength: 0, waitSeconds: 0 }).success).toBe(true);
  });

  it('rejects negative or fractional counts', () => {
    expect(ZCongestionSample.safeParse({ ...sample, queueLength: -1 }).success).toBe(false);
    expect(ZCongestionSample.safeParse({ ...sample, waitSeconds: 1.5 }).success).toBe(false);
    expect(ZCongestionSample.safeParse({ ...sample, lane: -1 }).success).toBe(false);
  });

  it('is sampled every 15 minutes', () => {
    expect(CONGESTION_SAMPLE_INTERVAL_MS).toBe(900_000);
  });

  it('wraps a page', () => {
    expect(ZCongestionSampleList.safeParse({ count: 1, pages: 1, results: [sample] }).success).toBe(true);
  });
});

describe('ZCongestionSampleListQuery', () => {
  it('defaults to the default page size, latest first', () => {
    expect(ZCongestionSampleListQuery.parse({})).toEqual({
      page: 0,
      limit: 20,
      sort: { field: 'sampledAt', direction: 'desc' },
    });
  });

  it('filters by lane within a window', () => {
    expect(ZCongestionSampleListQuery.parse({ lane: '0,2', frequency: '15m' })).toMatchObject({
      lane: [0, 2],
      frequency: '15m',
    });
    expect(ZCongestionSampleListQuery.safeParse({ lane: '-1' }).success).toBe(false);
  });
});
