import { LRUCache } from 'lru-cache';

/**
 * A least-recently-used map of at most `capacity` entries (the `lru-cache` package). Bounded by
 * a size of 1 per entry rather than by `max`, because `max` allocates room for every entry up
 * front: the caches built at start (200,000 rate-limit keys, 50,000 user states, …) cost a third
 * of a second of start-up that way, and are mostly empty.
 */
export function boundedLru<K extends {}, V extends {}>(capacity: number): LRUCache<K, V> {
  return new LRUCache<K, V>({ maxSize: Math.max(1, capacity), sizeCalculation: () => 1 });
}
