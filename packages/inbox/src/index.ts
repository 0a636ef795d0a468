/**
 * @forecourt/inbox — the React notification inbox: a thin layer over `@forecourt/inbox-core`.
 * Styles are opt-in: import `@forecourt/inbox/styles.css` (prefixed `fc-inbox-` classes, themed
 * with `--fc-inbox-*` custom properties; no global rules).
 */
export { Bell, type BellProps, badgeLabel } from './bell';
export type { InboxClientLike } from './context';
export { InboxErrorBoundary } from './error-boundary';
export { InboxFeed } from './feed';
export {
  type InboxActions,
  type UseNotifications,
  useInboxActions,
  useInboxI18n,
  useNotifications,
  useUnseenCount,
} from './hooks';
export { en } from './i18n/en';
export { formatMessage, type InboxTranslationKey, type InboxTranslations } from './i18n/types';
export { InboxItem, plainText } from './item';
export { type InboxI18n, InboxProvider, type InboxProviderProps } from './provider';
export { relativeTime } from './relative-time';
