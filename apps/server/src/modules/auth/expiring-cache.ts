import type { LRUCache } from 'lru-cache';
import { boundedLru } from '../../lib/bounded-lru';

/**
 * A bounded least-recently-used map (the `lru-cache` package) whose entries each carry an expiry
 * in epoch ms, read against the caller's clock: an entry is gone from the moment `now` reaches its
 * `expiresAt`, so a test clock can step exactly onto a token's expiry.
 */
export class ExpiringCache<K extends {}, V> {
  readonly #entries: LRUCache<K, { value: V; expiresAt: number }>;

  constructor(capacity: number) {
    this.#entries = boundedLru(capacity);
  }

  get(key: K, now: number): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (now < entry.expiresAt) return entry.value;
    this.#entries.delete(key);
    return undefined;
  }

  set(key: K, value: V, expiresAt: number): void {
    this.#entries.set(key, { value, expiresAt });
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
