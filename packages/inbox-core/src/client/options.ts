import type { EventTargetLike, StorageLike } from '../env';
import type { FetchLike } from '../http';
import type { ReconnectOptions, SocketFactory } from '../realtime';
import type { RetryOptions } from '../retry';
import type { InboxStore } from '../types';

export type InboxIdentity = {
  applicationIdentifier?: string | null;
  subscriberId?: string | null;
  /** HMAC-SHA256 (hex) of the subscriber id; sent as `hmacHash`. */
  subscriberHash?: string | null;
};

export type InitialFetch = {
  organization: boolean;
  unseenCount: boolean;
  unreadCount: boolean;
  /** Page 0 of the active store (otherwise fetched when the UI calls `fetchFeed()`). */
  notifications: boolean;
  /** The per-store badges. */
  storeCounts: boolean;
  preferences: boolean;
  globalPreference: boolean;
};

export type InboxClientOptions = InboxIdentity & {
  /** Base URL of the server; `/v1/widgets` is appended. */
  backendUrl: string;
  /** socket.io server (default: `backendUrl`). */
  socketUrl?: string;
  /** Named queries; the first is active at start. Default `[{storeId: 'default_store'}]`. */
  stores?: InboxStore[];
  /** Feed page size when a store's query sets none (server default 10). */
  pageSize?: number;
  /** The server's `INBOX_MAX_SNOOZE_HOURS` (default 720): longer snooze choices are not offered. */
  maxSnoozeHours?: number;
  initialFetch?: Partial<InitialFetch>;
  /** Debounce of realtime count events: 100 ms, or 1000 ms under a test runner. */
  countDebounceMs?: number;
  retry?: Partial<RetryOptions>;
  reconnect?: Partial<ReconnectOptions>;
  /** Where the token is kept; default the page's localStorage (none outside browsers). */
  storage?: StorageLike | null;
  /** Where the count DOM events go; default `document` in browsers, none elsewhere. */
  eventTarget?: EventTargetLike | null;
  /** Prefix of the count DOM events; default `forecourt:`. */
  eventPrefix?: string;
  fetch?: FetchLike;
  /** The socket; null turns realtime off. */
  socketFactory?: SocketFactory | null;
  logger?: Pick<Console, 'error' | 'warn'>;
};

export const INITIAL_FETCH: InitialFetch = {
  organization: true,
  unseenCount: true,
  unreadCount: true,
  notifications: false,
  storeCounts: false,
  preferences: false,
  globalPreference: false,
};

/** The identity with every id present or null. */
export const normalIdentity = (identity: InboxIdentity): InboxIdentity => ({
  applicationIdentifier: identity.applicationIdentifier ?? null,
  subscriberId: identity.subscriberId ?? null,
  subscriberHash: identity.subscriberHash ?? null,
});

export const sameIdentity = (a: InboxIdentity, b: InboxIdentity) =>
  (a.applicationIdentifier ?? '') === (b.applicationIdentifier ?? '') &&
  (a.subscriberId ?? '') === (b.subscriberId ?? '') &&
  (a.subscriberHash ?? '') === (b.subscriberHash ?? '');
