/**
 * Every interface string of the inbox. Each bundled language must provide all of them: the type
 * has no optional keys, so a missing translation is a type error. `{count}` is replaced at run time.
 */
export type InboxTranslations = {
  notifications: string;
  openNotifications: string;
  /** Accessible name of the badge, e.g. "{count} unseen notifications". */
  unseenCount: string;
  markAllAsRead: string;
  /** Header counter, e.g. "{count} unread". */
  unreadInHeader: string;
  /** Marks the loaded unread messages read. */
  markFetchedAsRead: string;
  /** The global master switch: every notification on or off. */
  allNotifications: string;
  poweredBy: string;
  settings: string;
  removeMessage: string;
  markAsRead: string;
  markAsUnread: string;
  messageActions: string;
  emptyFeed: string;
  loadMore: string;
  loading: string;
  loadFailed: string;
  retry: string;
  closeNotifications: string;
  /** Accessible name of a tab badge, e.g. "{count} unread notifications". */
  unreadCount: string;
  /** Label of a tab (store) that has no label of its own. */
  inboxTab: string;
  tabsLabel: string;
  preferences: string;
  globalPreferences: string;
  globalPreferencesHint: string;
  workflowPreferences: string;
  channelInApp: string;
  channelEmail: string;
  channelSms: string;
  channelChat: string;
  channelPush: string;
  /** Accessible name of a preference switch, e.g. "Email for Shift reminders". */
  channelSwitch: string;
  criticalPreference: string;
  preferenceUnavailable: string;
  noPreferences: string;
  preferencesLoadFailed: string;
  preferenceSaveFailed: string;
  back: string;
  close: string;
  selectMessage: string;
  selectAll: string;
  selectedCount: string;
  markSelectedAsRead: string;
  removeSelected: string;
  clearSelection: string;
  /** Announced by the live region when messages arrive. */
  newMessages: string;
  openMessage: string;
  actions: string;
  actionFailed: string;
  read: string;
  unread: string;
  /** Accessible name of the avatar of a message sent by the system. */
  systemSender: string;
  keyboardHint: string;
};

/** A translation key. */
export type InboxTranslationKey = keyof InboxTranslations;

/** Fills `{name}` placeholders. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
