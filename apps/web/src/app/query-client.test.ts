import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/http';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

const apiError = (status: number) =>
  new ApiError({ status, code: status ? 'INTERNAL' : 'UNAVAILABLE', message: '' });

describe('query defaults', () => {
  it('retries transient failures up to 3 times and never a 4xx', () => {
    expect(shouldRetry(0, apiError(503))).toBe(true);
    expect(shouldRetry(2, apiError(0))).toBe(true);
    expect(shouldRetry(3, apiError(500))).toBe(false);
    expect(shouldRetry(0, apiError(404))).toBe(false);
    expect(shouldRetry(0, apiError(429))).toBe(false);
    expect(shouldRetry(0, new TypeError('x is not a function'))).toBe(false);
  });

  it('waits 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('does not refetch on mount or window focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.refetchOnMount).toBe(false);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });
});
