/**
 * How the notification worker and the inbox API tell connected inboxes that something changed.
 * The widget module implements it over socket.io (`widget/widget-realtime.ts`); without a socket
 * server it does nothing.
 */
/** A stored in-app message and its subscriber (internal ids). */
export type DeliveredMessage = { id: number; subscriberId: number };

export interface InboxPublisher {
  /**
   * New or re-armed in-app messages, each followed by its subscriber's counts. The subscriber of
   * each message comes with it so that only the messages of subscribers listening here are read.
   */
  messagesDelivered(messages: readonly DeliveredMessage[]): void;
  /** A subscriber's unseen and/or unread count may have changed. */
  countsChanged(subscriberId: number, which: { unseen?: boolean; unread?: boolean }): void;
  /** An environment's secret key was rotated: its live inbox sessions end. */
  endEnvironmentSessions(environmentId: number): void;
}

export const silentInbox: InboxPublisher = {
  messagesDelivered: () => undefined,
  countsChanged: () => undefined,
  endEnvironmentSessions: () => undefined,
};
