import type { InboxClient, InboxMessage, InboxStore } from '@forecourt/inbox-core';
import { createContext } from 'react';
import type { InboxTranslations } from './i18n/types';

/** The part of {@link InboxClient} the React layer uses; tests pass a fake with the same shape. */
export type InboxClientLike = Pick<
  InboxClient,
  | 'subscribe'
  | 'getSnapshot'
  | 'configure'
  | 'destroy'
  | 'fetchFeed'
  | 'fetchNextPage'
  | 'refetchFeed'
  | 'markAsRead'
  | 'markAsUnread'
  | 'markAsSeen'
  | 'markAllAsRead'
  | 'markAllAsSeen'
  | 'markFetchedAsRead'
  | 'markFetchedAsSeen'
  | 'logUsage'
  | 'removeMessage'
  | 'removeMessages'
  | 'setStore'
  | 'setStores'
  | 'fetchStoreCounts'
  | 'updateAction'
  | 'fetchPreferences'
  | 'fetchGlobalPreference'
  | 'updatePreference'
  | 'updateGlobalPreference'
  | 'onNotificationReceived'
  | 'setView'
  | 'archive'
  | 'unarchive'
  | 'snooze'
  | 'unsnooze'
  | 'archiveAllRead'
  | 'fetchSeverityCounts'
  | 'maxSnoozeHours'
>;

/**
 * How pressing a message is, as the host application decides it (e.g. an incident's urgency from
 * its severity, deadline and status): the item shows `label` in the tone's colour and a bar of it
 * at its edge, in place of the plain high-severity mark. `done` and `normal` are neutral.
 */
export type InboxMessageTone = {
  tone: 'urgent' | 'high' | 'elevated' | 'normal' | 'done';
  label: string;
};

/** A store shown as a tab: the store and the label of its tab. */
export type InboxTab = InboxStore & { label?: string };

export type InboxContextValue = {
  client: InboxClientLike;
  t: InboxTranslations;
  /** BCP 47 code for dates and relative times. */
  locale: string;
  /** The interface language whose strings are shown (`en` until the chosen one has loaded). */
  language: string;
  dir: 'ltr' | 'rtl';
  /** Tab labels by store id. */
  tabLabels: Readonly<Record<string, string>>;
  /** Where a message's or a button's URL is opened. */
  onUrlChange: (url: string) => void;
  /** The host's tone of a message; null or absent: none. */
  messageTone?: ((message: InboxMessage) => InboxMessageTone | null) | undefined;
};

export const InboxContext = createContext<InboxContextValue | null>(null);
