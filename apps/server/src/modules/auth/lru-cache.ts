/**
 * A small bounded LRU map with a per-entry expiry. A Map keeps insertion order, so re-inserting on
 * a hit moves the entry to the young end and the oldest entry is always the first key.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, { value: V; expiresAt: number }>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(key: K, now: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (now >= entry.expiresAt) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, expiresAt: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt });
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
