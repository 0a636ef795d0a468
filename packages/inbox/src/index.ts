/**
 * @forecourt/inbox — the React notification inbox: a thin layer over `@forecourt/inbox-core`.
 * Styles are opt-in: import `@forecourt/inbox/styles.css` (prefixed `fc-inbox-` classes, themed
 * with `--fc-inbox-*` custom properties; no global rules). Languages load on demand
 * (`i18n.language`); right-to-left ones set `dir="rtl"` on the widget.
 */
export { Avatar } from './avatar';
export { badgeLabel } from './badge';
export { Bell, type BellProps } from './bell';
export type { InboxClientLike, InboxMessageTone, InboxTab } from './context';
export { InboxErrorBoundary } from './error-boundary';
export { InboxFeed } from './feed';
export {
  type InboxActions,
  type InboxTabState,
  type UseNotifications,
  type UsePreferences,
  useInboxActions,
  useInboxI18n,
  useNotifications,
  useOrganization,
  usePreferences,
  useStores,
  useUnreadCount,
  useUnseenCount,
} from './hooks';
export { en } from './i18n/en';
export { INBOX_LANGUAGES, isRtlLanguage, loadInboxTranslations } from './i18n/load';
export { formatMessage, type InboxTranslationKey, type InboxTranslations } from './i18n/types';
export { InboxItem, type InboxItemProps, plainText, useOpenMessage } from './item';
export { InboxPreferences } from './preferences';
export { type InboxI18n, InboxProvider, type InboxProviderProps } from './provider';
export { relativeTime } from './relative-time';
export { sanitizeHtml } from './sanitize';
export { InboxTabs } from './tabs';
