import type { InboxClient } from '@forecourt/inbox-core';
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
  | 'removeMessage'
>;

export type InboxContextValue = {
  client: InboxClientLike;
  t: InboxTranslations;
  locale: string;
};

export const InboxContext = createContext<InboxContextValue | null>(null);
