import { z } from 'zod';
import { ZSeverity } from './enums';
import type { TInboxWorkflow } from './inbox-api';
import { WIDGET_SOCKET_EVENTS, ZWidgetCta, ZWidgetMessage } from './widget';

/**
 * The inbox's realtime events on the default socket.io namespace (path `/socket.io/`): the server
 * sends them to a subscriber's room; the client sends nothing. Counts are capped at
 * `WIDGET_COUNT_LIMIT` with `hasMore` telling when there are more.
 */

/**
 * The message of `notification_received`: the widget document plus what the newer Inbox client
 * reads from it — `cta` always, the workflow's tags, `data` (the payload), the workflow, and the
 * snooze time (null while not snoozed).
 */
export const ZInboxSocketMessage = ZWidgetMessage.extend({
  cta: z.union([ZWidgetCta, z.object({ type: z.literal('redirect'), data: z.object({}) })]),
  tags: z.array(z.string()),
  data: z.record(z.string(), z.unknown()),
  workflow: z.custom<TInboxWorkflow>((value) => typeof value === 'object' && value !== null).optional(),
  snoozedUntil: z.string().nullable(),
  firstSeenDate: z.string().optional(),
});
export type TInboxSocketMessage = z.infer<typeof ZInboxSocketMessage>;

export const ZInboxReceivedEvent = z.object({ message: ZInboxSocketMessage });
export type TInboxReceivedEvent = z.infer<typeof ZInboxReceivedEvent>;

const ZCappedCount = z.number().int().nonnegative();

export const ZInboxUnseenEvent = z.object({ unseenCount: ZCappedCount, hasMore: z.boolean() });
export type TInboxUnseenEvent = z.infer<typeof ZInboxUnseenEvent>;

/** `unread_count_changed` carries the older number and the newer counts per severity. */
export const ZInboxUnreadEvent = z.object({
  unreadCount: ZCappedCount,
  hasMore: z.boolean(),
  counts: z.object({ total: ZCappedCount, severity: z.record(ZSeverity, ZCappedCount) }),
});
export type TInboxUnreadEvent = z.infer<typeof ZInboxUnreadEvent>;

/** Every event of the inbox namespace, by name. */
export const INBOX_SOCKET_EVENTS = {
  [WIDGET_SOCKET_EVENTS.received]: ZInboxReceivedEvent,
  [WIDGET_SOCKET_EVENTS.unseen]: ZInboxUnseenEvent,
  [WIDGET_SOCKET_EVENTS.unread]: ZInboxUnreadEvent,
} as const;
export type TInboxSocketEventName = keyof typeof INBOX_SOCKET_EVENTS;
export type TInboxSocketEvents = {
  [K in TInboxSocketEventName]: z.infer<(typeof INBOX_SOCKET_EVENTS)[K]>;
};

/** socket.io typing: what the server emits on the inbox namespace. */
export type TInboxServerEvents = {
  [K in TInboxSocketEventName]: (payload: TInboxSocketEvents[K]) => void;
};

/** socket.io typing: the inbox client emits nothing. */
export type TInboxClientEvents = Record<never, never>;
