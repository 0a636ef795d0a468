import type { LRUCache } from 'lru-cache';
import { boundedLru } from '../../lib/bounded-lru';

/** A counter of events in a window that starts with its first event. */
export type Counter = { count: number; firstAt: number; lastAt: number };

/**
 * Where login throttling keeps its counters and remembered sign-ins. The in-process store below
 * serves one process; a Redis store (INCR + PEXPIRE, SET PX) can implement the same five calls so
 * several processes share the limits.
 */
export interface RateStore {
  /** Counts one event under `key` and returns the counter including it. */
  hit(key: string, windowMs: number, now: number): Promise<Counter>;
  /** The live counter under `key`, without counting. */
  peek(key: string, windowMs: number, now: number): Promise<Counter | null>;
  clear(key: string): Promise<void>;
  /** Remembers `key` for `ttlMs`. */
  mark(key: string, ttlMs: number, now: number): Promise<void>;
  isMarked(key: string, now: number): Promise<boolean>;
}

/**
 * In-process store, bounded (the `lru-cache` package): beyond `capacity` keys, the one counted or
 * marked longest ago is dropped first.
 */
export class MemoryRateStore implements RateStore {
  readonly #counters: LRUCache<string, Counter & { windowMs: number }>;
  readonly #marks: LRUCache<string, number>;

  constructor(capacity = 200_000) {
    this.#counters = boundedLru(capacity);
    this.#marks = boundedLru(capacity);
  }

  async hit(key: string, windowMs: number, now: number): Promise<Counter> {
    const live = this.#live(key, now);
    const next = live
      ? { ...live, count: live.count + 1, lastAt: now }
      : { count: 1, firstAt: now, lastAt: now, windowMs };
    this.#counters.set(key, next);
    return { count: next.count, firstAt: next.firstAt, lastAt: next.lastAt };
  }

  async peek(key: string, _windowMs: number, now: number): Promise<Counter | null> {
    const live = this.#live(key, now);
    return live ? { count: live.count, firstAt: live.firstAt, lastAt: live.lastAt } : null;
  }

  async clear(key: string): Promise<void> {
    this.#counters.delete(key);
  }

  async mark(key: string, ttlMs: number, now: number): Promise<void> {
    this.#marks.set(key, now + ttlMs);
  }

  async isMarked(key: string, now: number): Promise<boolean> {
    const until = this.#marks.peek(key);
    if (until === undefined) return false;
    if (now < until) return true;
    this.#marks.delete(key);
    return false;
  }

  #live(key: string, now: number) {
    const counter = this.#counters.peek(key);
    if (!counter) return null;
    if (now - counter.firstAt < counter.windowMs) return counter;
    this.#counters.delete(key);
    return null;
  }
}
