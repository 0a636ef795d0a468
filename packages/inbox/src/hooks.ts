import type { InboxMessage, InboxState } from '@forecourt/inbox-core';
import { useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { InboxContext, type InboxContextValue } from './context';

/** The provider's value, or a clear error naming the hook that was used outside it. */
export function useInboxContext(hook: string): InboxContextValue {
  const value = useContext(InboxContext);
  if (!value) throw new Error(`${hook} must be used inside <InboxProvider>`);
  return value;
}

function useInboxState(hook: string): [InboxState, InboxContextValue] {
  const context = useInboxContext(hook);
  const { client } = context;
  const state = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
  return [state, context];
}

export type UseNotifications = {
  notifications: readonly InboxMessage[];
  status: InboxState['feed']['status'];
  hasMore: boolean;
  fetchingNextPage: boolean;
  fetchNextPage: () => Promise<void>;
  refetch: () => Promise<void>;
};

/** The active store's feed. Page 0 is loaded once the session is ready. */
export function useNotifications(): UseNotifications {
  const [state, { client }] = useInboxState('useNotifications');
  const ready = state.session.status === 'ready';
  const idle = state.feed.status === 'idle';
  useEffect(() => {
    if (ready && idle) void client.fetchFeed().catch(() => {});
  }, [client, ready, idle]);
  const { feed } = state;
  return useMemo(
    () => ({
      notifications: feed.messages,
      status: feed.status,
      hasMore: feed.hasMore,
      fetchingNextPage: feed.fetchingNextPage,
      fetchNextPage: () => client.fetchNextPage(),
      refetch: () => client.fetchFeed(),
    }),
    [client, feed],
  );
}

/** The unseen count; `hasMore` is set when the server stopped counting at its limit. */
export function useUnseenCount(): { count: number; hasMore: boolean } {
  const [state] = useInboxState('useUnseenCount');
  return { count: state.counts.unseen ?? 0, hasMore: state.counts.unseenHasMore };
}

export type InboxActions = {
  markAsRead: (id: string) => Promise<unknown>;
  markAsUnread: (id: string) => Promise<unknown>;
  markAsSeen: (id: string) => Promise<unknown>;
  markAllAsRead: () => Promise<unknown>;
  markAllAsSeen: () => Promise<unknown>;
  removeMessage: (id: string) => Promise<unknown>;
};

/** Flag and removal actions (spec §4). Each shows at once and is rolled back if the server refuses. */
export function useInboxActions(): InboxActions {
  const { client } = useInboxContext('useInboxActions');
  return useMemo(
    () => ({
      markAsRead: (id) => client.markAsRead(id),
      markAsUnread: (id) => client.markAsUnread(id),
      markAsSeen: (id) => client.markAsSeen(id),
      markAllAsRead: () => client.markAllAsRead(),
      markAllAsSeen: () => client.markAllAsSeen(),
      removeMessage: (id) => client.removeMessage(id),
    }),
    [client],
  );
}

/** Translations and locale of the nearest provider. */
export function useInboxI18n(): Pick<InboxContextValue, 't' | 'locale'> {
  const { t, locale } = useInboxContext('useInboxI18n');
  return { t, locale };
}
