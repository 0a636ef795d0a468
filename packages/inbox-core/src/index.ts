/**
 * @forecourt/inbox-core — a framework-free client for the inbox widget protocol
 * (`/v1/widgets/*` over fetch, realtime over socket.io). The React inbox builds on
 * {@link InboxClient}: its `subscribe`/`getSnapshot` pair fits `useSyncExternalStore`.
 */
export { type SessionRequest, WidgetApi } from './api';
export {
  type ConnectionStatus,
  type CountsState,
  createInboxClient,
  type ErrorScope,
  type FeedState,
  InboxClient,
  type InboxClientOptions,
  type InboxErrorInfo,
  type InboxIdentity,
  type InboxState,
  type InitialFetch,
  type LoadStatus,
  type PreferencesState,
  type SessionStatus,
} from './client';
export {
  BROWSER_EVENT_PREFIX,
  COUNT_DEBOUNCE_MS,
  COUNT_LIMIT,
  DEFAULT_PAGE_SIZE,
  DEFAULT_STORE_ID,
  RECONNECT_DEFAULTS,
  RETRY_DEFAULTS,
  SOCKET_EVENTS,
  TEST_RUNNER_DEBOUNCE_MS,
  TOKEN_STORAGE_KEY,
} from './constants';
export { type Debounced, debounce } from './debounce';
export type { EventTargetLike, StorageLike } from './env';
export { InboxAbortedError, InboxHttpError, InboxProtocolError } from './errors';
export {
  applyMark,
  countDelta,
  effectiveMark,
  fetchedToRead,
  fetchedToSee,
  MARK_ALL_READ,
  MARK_ALL_SEEN,
  READ,
  SEEN,
  UNREAD,
} from './flags';
export { encodePayload, type FetchLike, HttpClient, toQueryString } from './http';
export { type Container, createContainer, type Observable } from './observable';
export { connectSocket, type ReconnectOptions, type SocketFactory, type SocketLike } from './realtime';
export { isRetryable, type RetryOptions, retryDelay, withRetry } from './retry';
export { DEFAULT_MAX_SNOOZE_HOURS, type SnoozeChoice, snoozeChoices } from './snooze';
export type {
  ActionButtonType,
  ActionStatus,
  ChannelSwitches,
  Count,
  FeedPage,
  GlobalPreference,
  InboxMessage,
  InboxStore,
  InboxView,
  Mark,
  Organization,
  Session,
  SessionProfile,
  Severity,
  SeverityCounts,
  StoreQuery,
  WorkflowPreference,
} from './types';
