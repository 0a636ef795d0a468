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
};

/** A translation key. */
export type InboxTranslationKey = keyof InboxTranslations;

/** Fills `{name}` placeholders. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
