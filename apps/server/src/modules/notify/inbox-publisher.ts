/**
 * How the notification worker and the inbox API tell connected inboxes that something changed.
 * The widget module implements it over socket.io (`widget/widget-realtime.ts`); without a socket
 * server it does nothing.
 */
export interface InboxPublisher {
  /** New or re-armed in-app messages (ids), each followed by its subscriber's counts. */
  messagesDelivered(messageIds: readonly number[]): void;
  /** A subscriber's unseen and/or unread count may have changed. */
  countsChanged(subscriberId: number, which: { unseen?: boolean; unread?: boolean }): void;
}

export const silentInbox: InboxPublisher = {
  messagesDelivered: () => undefined,
  countsChanged: () => undefined,
};
