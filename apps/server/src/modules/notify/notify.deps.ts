import type { TSubscriberPreferences } from '@forecourt/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { NotifyEnvironmentsTable } from '../../db/schema';
import type { DeliveryOptions } from './delivery/options';
import type { InboxPublisher } from './inbox-publisher';
import type { NotifyFeatures } from './notify-features';
import type { NotifyKeys } from './secrets';
import type { SubscriberRow } from './subscribers.repository';

export type EnvironmentRow = Selectable<NotifyEnvironmentsTable>;

/** Runs queued trigger work; `enqueue` takes a trigger (`notify_events.id`). */
export interface NotifyQueue {
  enqueue(eventId: number): void;
  /** Resolves when nothing is queued or running (tests, shutdown). */
  drain(): Promise<void>;
}

/**
 * The verified inbox sessions kept by the inbox (the widget module's cache): what the platform
 * tells it when a subscriber, an environment's keys or a user's sessions end.
 */
export interface InboxSessions {
  forgetSubscriber(environmentId: number, subscriberId: string): void;
  forgetEnvironment(environmentId: number): void;
  forgetUser(userId: number): void;
}

/** A subscriber's preferences as the inbox shows them (implemented by the widget module). */
export type SubscriberPreferencesReader = (
  deps: Pick<NotifyDeps, 'db' | 'now' | 'keys' | 'inbox'>,
  subscriber: SubscriberRow,
) => Promise<TSubscriberPreferences>;

/** What the notification services need. */
export type NotifyDeps = {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  keys: NotifyKeys;
  queue: NotifyQueue;
  inbox: InboxPublisher;
  /** Verified inbox session tokens (widget authenticator); forget a subscriber when deleting it. */
  widgetSessions: InboxSessions;
  /** The server's public base URL (APP_URL): inbox clients use it as backendUrl and socketUrl. */
  publicUrl: string;
  /** Delivery: address policy, vendor origins, retries, concurrency (delivery/options.ts). */
  delivery?: DeliveryOptions;
  /** Platform features turned on (NOTIFY_FEATURES); see notify-features.ts. */
  features: NotifyFeatures;
};
