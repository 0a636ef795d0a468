import type { InboxTranslations } from './types';

/** English, the default language and the reference every other language is checked against. */
export const en: InboxTranslations = {
  notifications: 'Notifications',
  openNotifications: 'Open notifications',
  unseenCount: '{count} unseen notifications',
  markAllAsRead: 'Mark all as read',
  poweredBy: 'Powered by Forecourt',
  settings: 'Settings',
  removeMessage: 'Remove message',
  markAsRead: 'Mark as read',
  markAsUnread: 'Mark as unread',
  messageActions: 'Message actions',
  emptyFeed: 'Nothing new to see here yet',
  loadMore: 'Load more',
  loading: 'Loading…',
  loadFailed: 'Notifications could not be loaded',
  retry: 'Try again',
};
