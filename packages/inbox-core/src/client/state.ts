import { DEFAULT_STORE_ID } from '../constants';
import { InboxHttpError } from '../errors';
import type {
  FeedPage,
  GlobalPreference,
  InboxMessage,
  InboxStore,
  InboxView,
  Organization,
  SessionProfile,
  SeverityCounts,
  WorkflowPreference,
} from '../types';

/** The observable state of an inbox client: what the UI renders. */

export type SessionStatus = 'idle' | 'initializing' | 'ready' | 'error';
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
export type ErrorScope =
  | 'session'
  | 'organization'
  | 'feed'
  | 'counts'
  | 'mutation'
  | 'preferences'
  | 'socket';

export type InboxErrorInfo = { scope: ErrorScope; message: string; status?: number };

export type FeedState = {
  /** The store these pages belong to. */
  storeId: string;
  status: LoadStatus;
  /** Loaded pages in order (page 0 first), with pending optimistic changes applied. */
  pages: readonly FeedPage[];
  /** All loaded messages, newest first, each once. */
  messages: readonly InboxMessage[];
  hasMore: boolean;
  fetchingNextPage: boolean;
  /** A background refetch (count event, reconnect, after a mutation) is running. */
  refreshing: boolean;
};

export type CountsState = {
  /** Null until fetched. Capped at 100 by the server (`hasMore` tells when there are more). */
  unseen: number | null;
  unread: number | null;
  unseenHasMore: boolean;
  unreadHasMore: boolean;
  /** Per store: its unseen badge (`GET /notifications/count`). */
  stores: Readonly<Record<string, number>>;
  /** Unread messages of the inbox per severity; null until `fetchSeverityCounts()`. */
  severity: SeverityCounts | null;
};

export type PreferencesState = {
  status: LoadStatus;
  workflows: readonly WorkflowPreference[];
  global: GlobalPreference | null;
};

export type InboxState = {
  session: { status: SessionStatus; subscriberId: string | null; profile: SessionProfile | null };
  connection: ConnectionStatus;
  organization: Organization | null;
  stores: readonly InboxStore[];
  activeStoreId: string;
  /** What the feed lists: the inbox (default), the archive or the snoozed messages. */
  view: InboxView;
  feed: FeedState;
  counts: CountsState;
  preferences: PreferencesState;
  /** The latest failure, or null. */
  error: InboxErrorInfo | null;
};

export const emptyFeed = (storeId: string): FeedState => ({
  storeId,
  status: 'idle',
  pages: [],
  messages: [],
  hasMore: false,
  fetchingNextPage: false,
  refreshing: false,
});

const emptyCounts = (): CountsState => ({
  unseen: null,
  unread: null,
  unseenHasMore: false,
  unreadHasMore: false,
  stores: {},
  severity: null,
});

/** The state before (and between) sessions. */
export function initialState(stores: readonly InboxStore[]): InboxState {
  const activeStoreId = stores[0]?.storeId ?? DEFAULT_STORE_ID;
  return {
    session: { status: 'idle', subscriberId: null, profile: null },
    connection: 'idle',
    organization: null,
    stores,
    activeStoreId,
    view: 'inbox',
    feed: emptyFeed(activeStoreId),
    counts: emptyCounts(),
    preferences: { status: 'idle', workflows: [], global: null },
    error: null,
  };
}

export function errorInfo(scope: ErrorScope, error: unknown): InboxErrorInfo {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof InboxHttpError ? { scope, message, status: error.status } : { scope, message };
}
