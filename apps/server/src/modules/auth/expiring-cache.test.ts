import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache', () => {
  it('forgets an entry the moment the clock reaches its expiry', () => {
    const cache = new ExpiringCache<string, number>(10);
    cache.set('a', 1, 1_000);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new ExpiringCache<string, number>(2);
    cache.set('a', 1, 10_000);
    cache.set('b', 2, 10_000);
    expect(cache.get('a', 0)).toBe(1); // b is now the least recently used
    cache.set('c', 3, 10_000);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBe(1);
    expect(cache.get('c', 0)).toBe(3);
  });
});
