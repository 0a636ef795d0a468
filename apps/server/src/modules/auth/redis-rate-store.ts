import type { Redis } from 'ioredis';
import { ioredis } from '../../lib/redis-packages';
import type { Counter, RateStore } from './rate-store';

// A counter is a hash {count, firstAt, lastAt} that lives for its window. The window is judged on
// the caller's clock (as the in-process store does), and Redis drops the key when it ends.
const HIT = `
local first = tonumber(redis.call('hget', KEYS[1], 'firstAt'))
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if first and now - first >= window then
  redis.call('del', KEYS[1])
  first = nil
end
local count = redis.call('hincrby', KEYS[1], 'count', 1)
if not first then
  first = now
  redis.call('hset', KEYS[1], 'firstAt', ARGV[1])
  redis.call('pexpire', KEYS[1], window)
end
redis.call('hset', KEYS[1], 'lastAt', ARGV[1])
return {count, redis.call('hget', KEYS[1], 'firstAt')}
`;

/**
 * The rate store on Redis (REDIS_URL): every process counts in the same place, so N processes
 * enforce one login and account budget, not N. Each `hit` is one atomic script.
 */
export class RedisRateStore implements RateStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(url: string, prefix = 'forecourt') {
    this.#redis = new (ioredis().Redis)(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.#redis.on('error', () => undefined);
    this.#prefix = `${prefix}:rate:`;
  }

  async hit(key: string, windowMs: number, now: number): Promise<Counter> {
    const [count, firstAt] = (await this.#redis.eval(
      HIT,
      1,
      this.#prefix + key,
      String(now),
      String(Math.max(1, Math.ceil(windowMs))),
    )) as [number, string];
    return { count: Number(count), firstAt: Number(firstAt), lastAt: now };
  }

  async peek(key: string, windowMs: number, now: number): Promise<Counter | null> {
    const [count, firstAt, lastAt] = await this.#redis.hmget(
      this.#prefix + key,
      'count',
      'firstAt',
      'lastAt',
    );
    if (count === null || firstAt === null) return null;
    if (now - Number(firstAt) >= windowMs) return null;
    return { count: Number(count), firstAt: Number(firstAt), lastAt: Number(lastAt ?? firstAt) };
  }

  async clear(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key);
  }

  async mark(key: string, ttlMs: number, now: number): Promise<void> {
    await this.#redis.set(
      `${this.#prefix}mark:${key}`,
      String(now + ttlMs),
      'PX',
      Math.max(1, Math.ceil(ttlMs)),
    );
  }

  async isMarked(key: string, now: number): Promise<boolean> {
    const until = await this.#redis.get(`${this.#prefix}mark:${key}`);
    return until !== null && now < Number(until);
  }

  async close(): Promise<void> {
    if (this.#redis.status === 'wait') this.#redis.disconnect();
    else await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
