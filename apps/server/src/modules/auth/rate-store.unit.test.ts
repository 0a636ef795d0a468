import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../test/redis';
import { MemoryRateStore, type RateStore } from './rate-store';
import { RedisRateStore } from './redis-rate-store';

let redis: TestRedis;
const stores: { name: string; store: RateStore }[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
  stores.push({ name: 'memory', store: new MemoryRateStore() });
  stores.push({ name: 'redis', store: new RedisRateStore(redis.url, `t${Date.now()}`) });
}, 60_000);
afterAll(async () => {
  for (const { store } of stores) if (store instanceof RedisRateStore) await store.close();
  await redis?.stop();
});

describe.each(['memory', 'redis'])('%s rate store: the same contract', (name) => {
  const store = () => (stores.find((entry) => entry.name === name) as { store: RateStore }).store;
  const t0 = 1_750_000_000_000;

  it('counts within a window that starts at the first hit, and starts again after it', async () => {
    const s = store();
    expect(await s.peek('k1', 60_000, t0)).toBeNull();
    expect(await s.hit('k1', 60_000, t0)).toEqual({ count: 1, firstAt: t0, lastAt: t0 });
    expect(await s.hit('k1', 60_000, t0 + 1_000)).toEqual({ count: 2, firstAt: t0, lastAt: t0 + 1_000 });
    expect(await s.peek('k1', 60_000, t0 + 2_000)).toEqual({ count: 2, firstAt: t0, lastAt: t0 + 1_000 });
    expect(await s.peek('k1', 60_000, t0 + 60_000)).toBeNull();
    expect(await s.hit('k1', 60_000, t0 + 60_000)).toEqual({
      count: 1,
      firstAt: t0 + 60_000,
      lastAt: t0 + 60_000,
    });
    await s.clear('k1');
    expect(await s.peek('k1', 60_000, t0 + 60_001)).toBeNull();
  });

  it('remembers marks until they expire', async () => {
    const s = store();
    expect(await s.isMarked('m1', t0)).toBe(false);
    await s.mark('m1', 10_000, t0);
    expect(await s.isMarked('m1', t0 + 9_999)).toBe(true);
    expect(await s.isMarked('m1', t0 + 10_000)).toBe(false);
  });
});

it('two Redis stores (two processes) count into one budget', async () => {
  const prefix = `shared${Date.now()}`;
  const a = new RedisRateStore(redis.url, prefix);
  const b = new RedisRateStore(redis.url, prefix);
  try {
    const now = Date.now();
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit('login:x', 60_000, now)));
    expect((await a.peek('login:x', 60_000, now))?.count).toBe(10);
    await a.mark('device', 60_000, now);
    expect(await b.isMarked('device', now)).toBe(true);
  } finally {
    await a.close();
    await b.close();
  }
});
