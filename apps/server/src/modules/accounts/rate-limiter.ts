import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error';
import { addressKey } from '../auth/login-limiter';
import type { RateStore } from '../auth/rate-store';

export type RateLimit = { limit: number; windowMs: number };

/**
 * A named budget of attempts per key (an IP, an email, a user) over a window, counted in the
 * sessions module's RateStore (in-process by default; a shared store serves several processes).
 */
export class RateLimiter {
  readonly #name: string;
  readonly #rule: RateLimit;
  readonly #store: RateStore;
  readonly #clock: () => number;

  constructor(name: string, rule: RateLimit, store: RateStore, clock: () => number) {
    this.#name = name;
    this.#rule = rule;
    this.#store = store;
    this.#clock = clock;
  }

  /** Counts one attempt for `key`; returns the seconds to wait when over the limit, else 0. */
  async hit(key: string): Promise<number> {
    const now = this.#clock();
    const counter = await this.#store.hit(`accounts:${this.#name}:${key}`, this.#rule.windowMs, now);
    if (counter.count <= this.#rule.limit) return 0;
    return Math.max(1, Math.ceil((counter.firstAt + this.#rule.windowMs - now) / 1000));
  }
}

/** The key of a client address (a whole IPv6 /64 counts as one address). */
export const ipKey = (ip: string) => addressKey(ip);

/**
 * Counts the attempt against every (limiter, key) pair and answers 429 RATE_LIMITED with
 * `retry-after` when any of them is over its limit.
 */
export async function enforceRateLimits(reply: FastifyReply, checks: [RateLimiter, string][]): Promise<void> {
  let wait = 0;
  for (const [limiter, key] of checks) wait = Math.max(wait, await limiter.hit(key));
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw new AppError('RATE_LIMITED', `Too many attempts. Try again in ${wait} seconds.`);
  }
}
