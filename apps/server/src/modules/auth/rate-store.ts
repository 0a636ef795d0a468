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

/** In-process store, bounded: beyond `capacity` keys the oldest are dropped first. */
export class MemoryRateStore implements RateStore {
  readonly #counters = new Map<string, Counter & { windowMs: number }>();
  readonly #marks = new Map<string, number>();
  readonly #capacity: number;

  constructor(capacity = 200_000) {
    this.#capacity = capacity;
  }

  async hit(key: string, windowMs: number, now: number): Promise<Counter> {
    const live = this.#live(key, now);
    const next = live
      ? { ...live, count: live.count + 1, lastAt: now }
      : { count: 1, firstAt: now, lastAt: now, windowMs };
    this.#counters.delete(key);
    this.#counters.set(key, next);
    this.#trim(this.#counters);
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
    this.#marks.delete(key);
    this.#marks.set(key, now + ttlMs);
    this.#trim(this.#marks);
  }

  async isMarked(key: string, now: number): Promise<boolean> {
    const until = this.#marks.get(key);
    if (until === undefined) return false;
    if (now < until) return true;
    this.#marks.delete(key);
    return false;
  }

  #live(key: string, now: number) {
    const counter = this.#counters.get(key);
    if (!counter) return null;
    if (now - counter.firstAt < counter.windowMs) return counter;
    this.#counters.delete(key);
    return null;
  }

  #trim(map: Map<string, unknown>): void {
    while (map.size > this.#capacity) {
      const oldest = map.keys().next();
      if (oldest.done) return;
      map.delete(oldest.value);
    }
  }
}
