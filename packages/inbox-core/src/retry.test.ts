import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InboxHttpError, InboxProtocolError } from './errors';
import { HttpClient } from './http';
import { isRetryable, retryDelay, withRetry } from './retry';
import { fakeFetch } from './test/fakes';

const options = { retries: 3, baseDelayMs: 1000, maxDelayMs: 30_000 };

describe('retry policy (3 retries, 1 s doubling up to 30 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 1 s, 2 s, 4 s … and never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, options))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('retries network failures, 408, 429 and 5xx; not other 4xx or bad bodies', () => {
    expect(isRetryable(new TypeError('fetch failed'))).toBe(true);
    expect(isRetryable(new InboxHttpError(503, 'down'))).toBe(true);
    expect(isRetryable(new InboxHttpError(429, 'slow down'))).toBe(true);
    expect(isRetryable(new InboxHttpError(408, 'timeout'))).toBe(true);
    expect(isRetryable(new InboxHttpError(400, 'bad'))).toBe(false);
    expect(isRetryable(new InboxHttpError(401, 'who'))).toBe(false);
    expect(isRetryable(new InboxProtocolError('shape'))).toBe(false);
  });

  it('makes up to 4 attempts at 0 s, 1 s, 3 s and 7 s, then gives up', async () => {
    const started = Date.now();
    const times: number[] = [];
    const attempt = vi.fn(async () => {
      times.push(Date.now() - started);
      throw new TypeError('fetch failed');
    });
    const result = withRetry(attempt, options).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await result).toBeInstanceOf(TypeError);
    expect(times).toEqual([0, 1000, 3000, 7000]);
  });

  it('stops at the first success, and at once on a non-retryable error', async () => {
    let calls = 0;
    const flaky = withRetry(async () => {
      calls += 1;
      if (calls < 3) throw new InboxHttpError(502, 'bad gateway');
      return 'ok';
    }, options);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await flaky).toBe('ok');
    expect(calls).toBe(3);

    let refused = 0;
    await expect(
      withRetry(async () => {
        refused += 1;
        throw new InboxHttpError(404, 'gone');
      }, options),
    ).rejects.toThrow('HTTP error! Status: 404, Message: gone');
    expect(refused).toBe(1);
  });

  it('an abort ends the waiting', async () => {
    const abort = new AbortController();
    const result = withRetry(
      async () => {
        throw new TypeError('fetch failed');
      },
      options,
      abort.signal,
    ).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10);
    abort.abort();
    expect(((await result) as Error).name).toBe('InboxAbortedError');
  });

  it('the HTTP client retries GETs on 503 but not the usage log', async () => {
    let failures = 0;
    const { fetch, calls } = fakeFetch([
      (call) =>
        call.path === '/organization'
          ? failures++ < 2
            ? { status: 503, body: { message: 'busy' } }
            : { status: 200, body: { data: { _id: 'o', name: 'Org' } } }
          : undefined,
      (call) => (call.path === '/usage/log' ? { status: 503, body: { message: 'busy' } } : undefined),
    ]);
    const http = new HttpClient({ backendUrl: 'http://inbox.test/', fetch, retry: options });
    const org = http.request('GET', '/organization', { retry: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(await org).toEqual({ _id: 'o', name: 'Org' });
    expect(calls.filter((call) => call.path === '/organization')).toHaveLength(3);
    await expect(http.request('POST', '/usage/log', { body: {} })).rejects.toThrow('Status: 503');
    expect(calls.filter((call) => call.path === '/usage/log')).toHaveLength(1);
  });
});
