import { describe, expect, it } from 'vitest';
import { MemoryRateStore } from '../auth/rate-store';
import { ipKey, RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows `limit` attempts per window and says how long to wait after that', async () => {
    let now = 0;
    const limiter = new RateLimiter('test', { limit: 2, windowMs: 60_000 }, new MemoryRateStore(), () => now);
    expect(await limiter.hit('a')).toBe(0);
    expect(await limiter.hit('a')).toBe(0);
    now = 15_000;
    expect(await limiter.hit('a')).toBe(45);
    expect(await limiter.hit('b')).toBe(0);
    now = 60_000;
    expect(await limiter.hit('a')).toBe(0);
  });

  it('counts a whole IPv6 /64 as one address', () => {
    expect(ipKey('2001:db8:1:2:aaaa::1')).toBe(ipKey('2001:db8:1:2:bbbb::2'));
    expect(ipKey('10.0.0.1')).not.toBe(ipKey('10.0.0.2'));
  });
});
