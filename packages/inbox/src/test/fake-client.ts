import type { InboxMessage, InboxState } from '@forecourt/inbox-core';
import { vi } from 'vitest';
import type { InboxClientLike } from '../context';

export function message(id: string, overrides: Partial<InboxMessage> = {}): InboxMessage {
  const now = new Date().toISOString();
  return {
    _id: id,
    id,
    _templateId: 't1',
    _messageTemplateId: 'mt1',
    _organizationId: 'o1',
    _environmentId: 'e1',
    _notificationId: `n-${id}`,
    _subscriberId: 's1',
    _jobId: `j-${id}`,
    _feedId: null,
    templateIdentifier: 'fuel-low',
    transactionId: `tx-${id}`,
    channel: 'in_app',
    content: `Message ${id}`,
    payload: {},
    status: 'sent',
    seen: false,
    read: false,
    archived: false,
    deleted: false,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function readyState(overrides: {
  messages?: InboxMessage[];
  unseen?: number;
  unseenHasMore?: boolean;
  hasMore?: boolean;
  feedStatus?: InboxState['feed']['status'];
}): InboxState {
  return {
    session: { status: 'ready', subscriberId: 's1', profile: null },
    connection: 'connected',
    organization: null,
    stores: [{ storeId: 'default_store' }],
    activeStoreId: 'default_store',
    feed: {
      storeId: 'default_store',
      status: overrides.feedStatus ?? 'ready',
      pages: [],
      messages: overrides.messages ?? [],
      hasMore: overrides.hasMore ?? false,
      fetchingNextPage: false,
      refreshing: false,
    },
    counts: {
      unseen: overrides.unseen ?? 0,
      unread: 0,
      unseenHasMore: overrides.unseenHasMore ?? false,
      unreadHasMore: false,
      stores: {},
    },
    preferences: { status: 'idle', workflows: [], global: null },
    error: null,
  };
}

/** A scripted client: state is set by the test, every method is a spy. */
export function fakeClient(initial: InboxState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const received = new Set<(message: InboxMessage) => void>();
  const resolved = () => Promise.resolve([] as never);
  const client = {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    configure: vi.fn(() => Promise.resolve()),
    destroy: vi.fn(),
    fetchFeed: vi.fn(() => Promise.resolve()),
    fetchNextPage: vi.fn(() => Promise.resolve()),
    refetchFeed: vi.fn(() => Promise.resolve()),
    markAsRead: vi.fn(resolved),
    markAsUnread: vi.fn(resolved),
    markAsSeen: vi.fn(resolved),
    markAllAsRead: vi.fn(() => Promise.resolve(0)),
    markAllAsSeen: vi.fn(() => Promise.resolve(0)),
    markFetchedAsRead: vi.fn(resolved),
    markFetchedAsSeen: vi.fn(resolved),
    logUsage: vi.fn(() => Promise.resolve()),
    removeMessage: vi.fn(resolved),
    removeMessages: vi.fn(() => Promise.resolve()),
    setStore: vi.fn((_storeId: string) => Promise.resolve()),
    setStores: vi.fn(() => Promise.resolve()),
    fetchStoreCounts: vi.fn(() => Promise.resolve()),
    updateAction: vi.fn(resolved),
    fetchPreferences: vi.fn(() => Promise.resolve()),
    fetchGlobalPreference: vi.fn(() => Promise.resolve()),
    updatePreference: vi.fn(() => Promise.resolve()),
    updateGlobalPreference: vi.fn(() => Promise.resolve()),
    onNotificationReceived: vi.fn((listener: (message: InboxMessage) => void) => {
      received.add(listener);
      return () => {
        received.delete(listener);
      };
    }),
  } satisfies InboxClientLike;
  return {
    client,
    /** Plays a `notification_received` socket event. */
    receive(next: InboxMessage) {
      for (const listener of received) listener(next);
    },
    getState: () => state,
    setState(next: InboxState) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}
