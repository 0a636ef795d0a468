/**
 * Wire and client constants. The wire values mirror `@forecourt/contracts` (notify/widget); they
 * are repeated here as plain literals so the browser bundle does not pull zod in through the
 * contracts module (a test checks they stay equal).
 */

/** localStorage key of the session's bearer token. */
export const TOKEN_STORAGE_KEY = 'widget_user_auth_token';
/** The store used when none is configured. */
export const DEFAULT_STORE_ID = 'default_store';
/** Count routes are asked with this limit; counts above it are shown as "99+" by UIs. */
export const COUNT_LIMIT = 100;
/** Default feed page size of the server. */
export const DEFAULT_PAGE_SIZE = 10;
/** Socket event names (docs/PRODUCT.md, "Inbox realtime"). */
export const SOCKET_EVENTS = {
  received: 'notification_received',
  unseen: 'unseen_count_changed',
  unread: 'unread_count_changed',
} as const;
/** Prefix of the DOM events dispatched with every count change (`forecourt:unseen_count_changed`). */
export const BROWSER_EVENT_PREFIX = 'forecourt:';

/** Retries of idempotent requests: 3, waiting 1 s, 2 s, 4 s … up to 30 s. */
export const RETRY_DEFAULTS = { retries: 3, baseDelayMs: 1000, maxDelayMs: 30_000 } as const;
/** Socket reconnect back-off: 1 s doubling to 10 s, jitter 0.5. */
export const RECONNECT_DEFAULTS = { delayMs: 1000, maxDelayMs: 10_000, jitter: 0.5 } as const;
/** Realtime count events are debounced by this much, or {@link TEST_RUNNER_DEBOUNCE_MS} under a test runner. */
export const COUNT_DEBOUNCE_MS = 100;
export const TEST_RUNNER_DEBOUNCE_MS = 1000;
/** The name prefix of usage log entries. */
export const USAGE_LOG_PREFIX = '[Widget] - ';
