import type { LRUCache } from 'lru-cache';
import { boundedLru } from '../../lib/bounded-lru';

/**
 * The inbox subscriber a widget session token stands for: only the fields that never change for
 * a subscriber row (its ids, environment and organisation), so a cached identity cannot go stale
 * except by the subscriber being deleted.
 */
export type WidgetIdentity = {
  id: number;
  environmentId: number;
  organizationId: number;
  subscriberId: string;
};

type Entry = { identity: WidgetIdentity; expiresAt: number };

export type WidgetSessionCacheOptions = {
  /** How long a verified token is trusted without checking it and its subscriber again. */
  ttlMs: number;
  /** At most this many tokens are remembered; the least recently used goes first. */
  maxEntries: number;
};

export const WIDGET_SESSION_CACHE_DEFAULTS: WidgetSessionCacheOptions = { ttlMs: 5_000, maxEntries: 10_000 };

/**
 * Verified widget token → its subscriber, for the `{v1: 'widget'}` authenticator: the HS256 check
 * and the subscriber lookup run once per token per `ttlMs` instead of on every request.
 *
 * - An entry lives at most `ttlMs` and never past the token's own expiry.
 * - Bounded LRU (`maxEntries`, the `lru-cache` package).
 * - Deleting a subscriber ({@link forgetSubscriber}) or rotating its environment's key
 *   ({@link forgetEnvironment}) drops its entries at once in this process; other processes see a
 *   deletion after at most `ttlMs`.
 * - A lookup that started before an invalidation is not stored ({@link stamp}), so a request racing
 *   a deletion cannot put the deleted subscriber back.
 */
export class WidgetSessionCache {
  readonly #entries: LRUCache<string, Entry>;
  readonly #options: WidgetSessionCacheOptions;
  #generation = 0;

  constructor(options: Partial<WidgetSessionCacheOptions> = {}) {
    this.#options = { ...WIDGET_SESSION_CACHE_DEFAULTS, ...options };
    // With `maxEntries` ≤ 0 nothing is ever stored (`set`).
    this.#entries = boundedLru(this.#options.maxEntries);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The identity of a token verified less than `ttlMs` ago (and not expired since), else undefined. */
  get(token: string, now: number): WidgetIdentity | undefined {
    const entry = this.#entries.get(token); // now the most recently used
    if (entry === undefined) return undefined;
    if (now < entry.expiresAt) return entry.identity;
    this.#entries.delete(token);
    return undefined;
  }

  /** Taken before verifying: {@link set} ignores the result when anything was invalidated since. */
  stamp(): number {
    return this.#generation;
  }

  /** Remembers a verified token; `tokenExpiresAt` is its `exp` in epoch ms. */
  set(token: string, identity: WidgetIdentity, tokenExpiresAt: number, now: number, stamp: number): void {
    if (stamp !== this.#generation || this.#options.maxEntries <= 0) return;
    const expiresAt = Math.min(now + this.#options.ttlMs, tokenExpiresAt);
    if (expiresAt <= now) return;
    this.#entries.set(token, { identity, expiresAt });
  }

  /** A subscriber was deleted (its environment and external id). */
  forgetSubscriber(environmentId: number, subscriberId: string): void {
    this.#forget(
      (identity) => identity.environmentId === environmentId && identity.subscriberId === subscriberId,
    );
  }

  /** A dashboard user's sessions ended: their subscribers (subscriber id = user id) everywhere. */
  forgetUser(userId: number): void {
    const subscriberId = String(userId);
    this.#forget((identity) => identity.subscriberId === subscriberId);
  }

  /** An environment's secret key was rotated (or the environment went away). */
  forgetEnvironment(environmentId: number): void {
    this.#forget((identity) => identity.environmentId === environmentId);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  #forget(matches: (identity: WidgetIdentity) => boolean): void {
    this.#generation += 1;
    const forgotten = [...this.#entries.entries()].filter(([, entry]) => matches(entry.identity));
    for (const [token] of forgotten) this.#entries.delete(token);
  }
}
