import type { FeedPage, InboxMessage } from '../types';

/** An optimistic change: applied over the server's pages until its request settles. */
export type PendingChange = { apply(message: InboxMessage): InboxMessage | null };

/** Pages with the pending changes applied; removed messages dropped. */
export function applyChanges(pages: readonly FeedPage[], changes: readonly PendingChange[]): FeedPage[] {
  if (changes.length === 0) return pages as FeedPage[];
  return pages.map((page) => {
    const data: InboxMessage[] = [];
    for (const original of page.data) {
      let message: InboxMessage | null = original;
      for (const change of changes) {
        if (message === null) break;
        message = change.apply(message);
      }
      if (message !== null) data.push(message);
    }
    return { ...page, data };
  });
}

/** All messages of the pages in order, each once. */
export function flatten(pages: readonly FeedPage[]): InboxMessage[] {
  const seen = new Set<string>();
  const messages: InboxMessage[] = [];
  for (const page of pages) {
    for (const message of page.data) {
      if (seen.has(message._id)) continue;
      seen.add(message._id);
      messages.push(message);
    }
  }
  return messages;
}

/** The pages with the server's copies of `messages` in place of the loaded ones. */
export function mergeMessages(pages: readonly FeedPage[], messages: readonly InboxMessage[]): FeedPage[] {
  const byId = new Map(messages.map((message) => [message._id, message]));
  return pages.map((page) => ({
    ...page,
    data: page.data.map((message) => byId.get(message._id) ?? message),
  }));
}
