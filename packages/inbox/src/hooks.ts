import {
  type ChannelSwitches,
  type GlobalPreference,
  type InboxMessage,
  type InboxState,
  type InboxView,
  type Organization,
  type SeverityCounts,
  type SnoozeChoice,
  snoozeChoices,
  type WorkflowPreference,
} from '@forecourt/inbox-core';
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

/** The unread count (limit 100). */
export function useUnreadCount(): { count: number; hasMore: boolean } {
  const [state] = useInboxState('useUnreadCount');
  return { count: state.counts.unread ?? 0, hasMore: state.counts.unreadHasMore };
}

export type InboxTabState = { storeId: string; label: string; count: number; active: boolean };

/**
 * The stores as tabs, each with its unseen badge (limit 100; fetched here and kept fresh by the
 * client), and the function that switches the active store (its filter replaces the feed's).
 */
export function useStores(): { tabs: InboxTabState[]; setStore: (storeId: string) => Promise<void> } {
  const [state, { client, tabLabels, t }] = useInboxState('useStores');
  const ready = state.session.status === 'ready';
  const several = state.stores.length > 1;
  useEffect(() => {
    if (ready && several) void client.fetchStoreCounts().catch(() => {});
  }, [client, ready, several]);
  const { stores, activeStoreId, counts } = state;
  return useMemo(
    () => ({
      tabs: stores.map((store) => ({
        storeId: store.storeId,
        label: tabLabels[store.storeId] ?? (store.storeId === 'default_store' ? t.inboxTab : store.storeId),
        count: counts.stores[store.storeId] ?? 0,
        active: store.storeId === activeStoreId,
      })),
      setStore: (storeId: string) => client.setStore(storeId),
    }),
    [client, stores, activeStoreId, counts.stores, tabLabels, t],
  );
}

/** The organization (name, branding) once fetched. */
export function useOrganization(): Organization | null {
  return useInboxState('useOrganization')[0].organization;
}

export type UsePreferences = {
  status: InboxState['preferences']['status'];
  workflows: readonly WorkflowPreference[];
  global: GlobalPreference | null;
  refetch: () => Promise<void>;
  /** One channel of one workflow; optimistic, rolled back (and rejected) if the server refuses. */
  updatePreference: (templateId: string, channel: keyof ChannelSwitches, enabled: boolean) => Promise<void>;
  /** One global channel; optimistic, rolled back (and rejected) if the server refuses. */
  updateGlobalPreference: (channel: keyof ChannelSwitches, enabled: boolean) => Promise<void>;
  /** The master switch: every notification on or off (sends `enabled`). */
  setGlobalEnabled: (enabled: boolean) => Promise<void>;
};

/** The subscriber's preferences, fetched when first used. */
export function usePreferences(): UsePreferences {
  const [state, { client }] = useInboxState('usePreferences');
  const ready = state.session.status === 'ready';
  const refetch = useMemo(
    () => () => Promise.all([client.fetchPreferences(), client.fetchGlobalPreference()]).then(() => {}),
    [client],
  );
  useEffect(() => {
    if (ready) void refetch().catch(() => {});
  }, [ready, refetch]);
  const { preferences } = state;
  return useMemo(
    () => ({
      status: preferences.status,
      workflows: preferences.workflows,
      global: preferences.global,
      refetch,
      updatePreference: (templateId, channel, enabled) =>
        client.updatePreference(templateId, channel, enabled),
      updateGlobalPreference: (channel, enabled) =>
        client.updateGlobalPreference({ preferences: [{ channelType: channel, enabled }] }),
      setGlobalEnabled: (enabled) => client.updateGlobalPreference({ enabled }),
    }),
    [client, preferences, refetch],
  );
}

export type InboxActions = {
  markAsRead: (id: string | readonly string[]) => Promise<unknown>;
  markAsUnread: (id: string) => Promise<unknown>;
  markAsSeen: (id: string) => Promise<unknown>;
  markAllAsRead: () => Promise<unknown>;
  /** Seen and unread on every message of the feeds (as the server leaves them). */
  markAllAsSeen: () => Promise<unknown>;
  /** The loaded unread messages become read. */
  markFetchedAsRead: () => Promise<unknown>;
  /** The loaded messages that are neither seen nor read become seen (what viewing the feed does). */
  markFetchedAsSeen: () => Promise<unknown>;
  /** `POST /usage/log` with `[Widget] - <name>`; never blocks and never throws. */
  logUsage: (name: string, payload?: Record<string, unknown>) => void;
  removeMessage: (id: string) => Promise<unknown>;
  removeMessages: (ids: readonly string[]) => Promise<unknown>;
  /** A CTA button was pressed: the action is recorded as done with that button's type. */
  updateAction: (id: string, type: 'primary' | 'secondary') => Promise<unknown>;
  /** Archived (and read): out of the inbox and its counts, into the archive. */
  archive: (id: string) => Promise<unknown>;
  /** From the archive back to the inbox. */
  unarchive: (id: string) => Promise<unknown>;
  /** Out of the feed and counts until `until`, when the server brings it back unread. */
  snooze: (id: string, until: Date) => Promise<unknown>;
  /** From the snoozed list back to the inbox now. */
  unsnooze: (id: string) => Promise<unknown>;
  /** Every read message of the inbox archived. */
  archiveAllRead: () => Promise<unknown>;
};

/** Flag and removal actions (docs/PRODUCT.md, "Message flags"). Each shows at once and is rolled back if the server refuses. */
export function useInboxActions(): InboxActions {
  const { client } = useInboxContext('useInboxActions');
  return useMemo(
    () => ({
      markAsRead: (id) => client.markAsRead(id),
      markAsUnread: (id) => client.markAsUnread(id),
      markAsSeen: (id) => client.markAsSeen(id),
      markAllAsRead: () => client.markAllAsRead(),
      markAllAsSeen: () => client.markAllAsSeen(),
      markFetchedAsRead: () => client.markFetchedAsRead(),
      markFetchedAsSeen: () => client.markFetchedAsSeen(),
      logUsage: (name, payload = {}) => void client.logUsage(name, payload).catch(() => {}),
      removeMessage: (id) => client.removeMessage(id),
      removeMessages: (ids) => client.removeMessages(ids),
      updateAction: (id, type) => client.updateAction(id, type, 'done'),
      archive: (id) => client.archive(id),
      unarchive: (id) => client.unarchive(id),
      snooze: (id, until) => client.snooze(id, until),
      unsnooze: (id) => client.unsnooze(id),
      archiveAllRead: () => client.archiveAllRead(),
    }),
    [client],
  );
}

/** What the feed lists (inbox, archived, snoozed) and the function that switches it. */
export function useInboxView(): { view: InboxView; setView: (view: InboxView) => Promise<void> } {
  const [state, { client }] = useInboxState('useInboxView');
  const { view } = state;
  return useMemo(() => ({ view, setView: (next: InboxView) => client.setView(next) }), [client, view]);
}

/** Unread messages of the inbox per severity (null until fetched; kept fresh by the client). */
export function useSeverityCounts(): SeverityCounts | null {
  const [state, { client }] = useInboxState('useSeverityCounts');
  const ready = state.session.status === 'ready';
  useEffect(() => {
    if (ready) void client.fetchSeverityCounts().catch(() => {});
  }, [client, ready]);
  return state.counts.severity;
}

/** The snooze choices offered now: an hour, tomorrow morning, next week — within the server's maximum. */
export function useSnoozeChoices(): () => SnoozeChoice[] {
  const { client } = useInboxContext('useSnoozeChoices');
  return () => snoozeChoices(new Date(), client.maxSnoozeHours);
}

/** Translations and locale of the nearest provider. */
export function useInboxI18n(): Pick<InboxContextValue, 't' | 'locale' | 'language' | 'dir'> {
  const { t, locale, language, dir } = useInboxContext('useInboxI18n');
  return { t, locale, language, dir };
}
