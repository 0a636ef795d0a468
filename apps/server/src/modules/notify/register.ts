import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { Db } from '../../db/database';
import type { AccessControl } from '../auth/access-control';
import { inboxApiRoutes } from '../widget/inbox-api.routes';
import { SnoozeWaker } from '../widget/snooze-waker';
import { widgetAuthenticator, widgetRoutes } from '../widget/widget.routes';
import { WidgetRealtime } from '../widget/widget-realtime';
import { WidgetSessionCache } from '../widget/widget-session-cache';
import { activityRoutes } from './activity.routes';
import { announcementRoutes } from './announcements';
import { BullMqQueue } from './bullmq-queue';
import { subscribeDomainTriggers } from './domain-triggers';
import { listOrganizationIds } from './environments.repository';
import { ensureEnvironments, presetSecretKey } from './environments.service';
import { integrationOperations, integrationTestRoutes } from './integrations.routes';
import { InProcessQueue } from './job-queue';
import type { NotifyDeps, NotifyQueue } from './notify.deps';
import { apiKeyAuthenticator, notifyRoutes } from './notify.routes';
import { platformRoutes } from './platform.routes';
import { previewRoutes } from './preview.routes';
import { NotifyScheduler } from './scheduler';
import { notifyKeys } from './secrets';
import { pendingEventIds, processEvent } from './worker';

/** The organisation whose key `NOTIFY_SECRET_KEY` presets: the demo seed's first organisation. */
export const DEMO_ORGANIZATION_SLUG = 'sahyog-fuels';

export type NotifyOptions = {
  /** `NOTIFY_SECRET_KEY`: the demo organisation's secret key (applied at startup). */
  secretKey?: string | undefined;
  /** APP_URL: the inbox's backendUrl and socketUrl. */
  publicUrl?: string;
  /** REDIS_URL: jobs go through BullMQ on this Redis (shared by every process); unset: in process. */
  redisUrl?: string | undefined;
  /** INBOX_MAX_SNOOZE_HOURS: the longest snooze an inbox user may choose (default 720 hours). */
  maxSnoozeHours?: number | undefined;
  /** Key prefix of the BullMQ queue (default `forecourt`; tests sharing one Redis pick their own). */
  redisPrefix?: string | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification platform: its queue (tests `drain()` it) and the inbox's realtime side. */
    notify: {
      queue: NotifyQueue;
      realtime: WidgetRealtime;
      scheduler: NotifyScheduler;
      snoozes: SnoozeWaker;
    };
  }
}

/**
 * Wires the notification platform: keys, the job queue (in process, or BullMQ when `redisUrl` is
 * set) and its worker, the inbox's realtime publisher, the `/v1` authenticators, and the routes
 * (`/v1/*`, `/v1/widgets/*`, `/api/platform/*`). At startup (onReady, after migrations and the
 * demo seed) the BullMQ queue connects, every organisation gets its environment,
 * `NOTIFY_SECRET_KEY` is applied to the demo organisation and queued work left by a previous
 * process is picked up.
 */
export async function registerNotify(
  app: FastifyInstance,
  options: { db: Db; now: () => number; access: AccessControl; io?: Server | undefined } & NotifyOptions,
): Promise<void> {
  const keys = notifyKeys(options.db, options.now);
  const realtime = new WidgetRealtime({ db: options.db, now: options.now, log: app.log, keys });
  // The worker runs with the same deps the routes get (the queue included).
  const work = (eventId: number) => processEvent(deps, eventId);
  const queue = options.redisUrl
    ? new BullMqQueue(work, app.log, { url: options.redisUrl, prefix: options.redisPrefix })
    : new InProcessQueue(work, app.log);
  const deps: NotifyDeps = {
    db: options.db,
    now: options.now,
    log: app.log,
    keys,
    inbox: realtime,
    widgetSessions: new WidgetSessionCache(),
    queue,
    publicUrl: (options.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, ''),
  };
  if (options.io) realtime.attach(options.io);
  // Delays and digests: due jobs persisted in notify_jobs, fired on the app's clock.
  const scheduler = new NotifyScheduler(deps, queue);
  // Snoozed inbox messages come back at their time (persisted on the message).
  const snoozes = new SnoozeWaker(deps);

  app.decorate('notify', { queue, realtime, scheduler, snoozes });
  app.decorateRequest('notifyEnvironment', null);
  app.decorateRequest('widgetSession', null);
  options.access.provideV1Authenticator('api-key', apiKeyAuthenticator(deps));
  options.access.provideV1Authenticator('widget', widgetAuthenticator(deps));

  app.addHook('onReady', async () => {
    if (queue instanceof BullMqQueue) {
      await queue.start();
      app.log.info('notification jobs go through BullMQ on REDIS_URL');
    }
    await ensureEnvironments(deps);
    if (options.secretKey) {
      const [demo] = await listOrganizationIds(deps.db, DEMO_ORGANIZATION_SLUG);
      if (demo && (await presetSecretKey(deps, demo.id, options.secretKey))) {
        app.log.info('NOTIFY_SECRET_KEY applied to the demo organisation');
      }
    }
    for (const eventId of await pendingEventIds(deps.db, deps.now())) queue.enqueue(eventId);
    scheduler.start();
    snoozes.start();
    void snoozes.tick().catch((error: unknown) => app.log.error({ err: error }, 'snooze wake-up failed'));
    void scheduler
      .tick()
      .catch((error: unknown) => app.log.error({ err: error }, 'notification scheduler failed'));
  });
  // Incident domain events → the incident-opened / incident-escalated workflows.
  const unsubscribe = app.hasDecorator('domainEvents')
    ? subscribeDomainTriggers(deps, app.domainEvents)
    : null;
  app.addHook('onClose', async () => {
    if (unsubscribe) {
      unsubscribe();
      await app.domainEvents.drain();
    }
    await scheduler.close();
    await snoozes.close();
    await queue.close();
  });

  await app.register(notifyRoutes(deps, integrationOperations(deps)));
  await app.register(integrationTestRoutes(deps));
  await app.register(widgetRoutes(deps));
  await app.register(inboxApiRoutes(deps, { maxSnoozeHours: options.maxSnoozeHours }));
  await app.register(platformRoutes(deps));
  await app.register(announcementRoutes(deps));
  await app.register(previewRoutes());
  await app.register(activityRoutes(deps));
}
