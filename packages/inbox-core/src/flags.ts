import type { InboxMessage, Mark } from './types';

/**
 * The message flag rules (docs/PRODUCT.md, "Message flags") as pure functions. The client applies them to the loaded
 * messages at once (optimistically) and then reconciles with what the server stores.
 */

/** Mark as read: seen and read. */
export const READ: Required<Mark> = { seen: true, read: true };
/** Mark as unread: seen, not read. */
export const UNREAD: Required<Mark> = { seen: true, read: false };
/** Mark as seen alone. */
export const SEEN: Mark = { seen: true };

/** What a `markAs` with `mark` writes: the flags given; with neither flag it means seen. */
export function effectiveMark(mark: Mark): Mark {
  return mark.seen === undefined && mark.read === undefined ? { seen: true } : mark;
}

export function applyMark<M extends Pick<InboxMessage, 'seen' | 'read'>>(message: M, mark: Mark): M {
  const effective = effectiveMark(mark);
  const seen = effective.seen ?? message.seen;
  const read = effective.read ?? message.read;
  return seen === message.seen && read === message.read ? message : { ...message, seen, read };
}

/** Mark all read: read and seen on every loaded message. */
export const MARK_ALL_READ: Required<Mark> = { seen: true, read: true };
/**
 * Mark all seen, as the product defines it: seen and *not read* on every loaded message. The server's
 * `POST /messages/seen` only writes `seen`, so the refetch that follows restores `read` on messages
 * that were read before.
 */
export const MARK_ALL_SEEN: Required<Mark> = { seen: true, read: false };

/** "Mark fetched as read" applies to the loaded unread messages. */
export const fetchedToRead = (messages: readonly InboxMessage[]): InboxMessage[] =>
  messages.filter((message) => !message.read);

/** "Mark fetched as seen" applies to the loaded messages that are neither seen nor read. */
export const fetchedToSee = (messages: readonly InboxMessage[]): InboxMessage[] =>
  messages.filter((message) => !message.seen && !message.read);

/** How the unseen and unread counts move when `before` becomes `after` (for optimistic counts). */
export function countDelta(
  before: Pick<InboxMessage, 'seen' | 'read'>,
  after: Pick<InboxMessage, 'seen' | 'read'> | null,
): { unseen: number; unread: number } {
  const unseenBefore = before.seen ? 0 : 1;
  const unreadBefore = before.read ? 0 : 1;
  const unseenAfter = after === null || after.seen ? 0 : 1;
  const unreadAfter = after === null || after.read ? 0 : 1;
  return { unseen: unseenAfter - unseenBefore, unread: unreadAfter - unreadBefore };
}
