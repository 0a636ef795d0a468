import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import { type Leadership, soleLeadership } from './cluster/leader';
import type { Db } from './db/database';
import { filesHostOf } from './lib/file-links';
import type { AccessControl } from './modules/auth/access-control';
import { authContext } from './modules/auth/auth-context';
import { activityRoutes } from './modules/notify/activity.routes';
import { announcementRoutes } from './modules/notify/announcements';
import { BullMqQueue } from './modules/notify/bullmq-queue';
import type { DeliveryOptions } from './modules/notify/delivery/options';
import { subscribeDomainTriggers } from './modules/notify/domain-triggers';
import { listOrganizationIds } from './modules/notify/environments.repository';
import { ensureEnvironments, presetSecretKey } from './modules/notify/environments.service';
import { integrationOperations, integrationTestRoutes } from './modules/notify/integrations.routes';
import { InProcessQueue } from './modules/notify/job-queue';
import type { NotifyDeps, NotifyQueue } from './modules/notify/notify.deps';
import { apiKeyAuthenticator, notifyRoutes } from './modules/notify/notify.routes';
import { ALL_FEATURES, type NotifyFeatures } from './modules/notify/notify-features';
import { platformRoutes } from './modules/notify/platform.routes';
import { previewRoutes } from './modules/notify/preview.routes';
import { NotifyScheduler } from './modules/notify/scheduler';
import { notifyKeys } from './modules/notify/secrets';
import { slackOAuthRoutes } from './modules/notify/slack-oauth.routes';
import { tenantOperations } from './modules/notify/tenants.routes';
import { DEFAULT_LEASE, pendingEventIds, processEvent, releaseJobLeases } from './modules/notify/worker';
import { workflowTemplateOperations } from './modules/notify/workflow-templates.routes';
import { inboxApiRoutes } from './modules/widget/inbox-api.routes';
import { DEFAULT_MAX_SNOOZE_HOURS } from './modules/widget/inbox-api.service';
import { SnoozeWaker } from './modules/widget/snooze-waker';
import { readSubscriberPreferences } from './modules/widget/subscriber-preferences';
import { widgetAuthenticator, widgetRoutes } from './modules/widget/widget.routes';
import { WidgetRealtime } from './modules/widget/widget-realtime';
import { WidgetSessionCache } from './modules/widget/widget-session-cache';

/** The organisation whose key `NOTIFY_SECRET_KEY` presets: the demo seed's first organisation. */
export const DEMO_ORGANIZATION_SLUG = 'sahyog-fuels';

export type NotifyOptions = {
  /** `NOTIFY_SECRET_KEY`: the demo organisation's secret key (applied at startup). */
  secretKey?: string | undefined;
  /** APP_URL: the inbox's backendUrl and socketUrl. */
  publicUrl?: string;
  /** REDIS_URL: jobs go through BullMQ on this Redis (shared by every process); unset: in process. */
  redisUrl?: string | undefined;
  /** Delivery: address policy, vendor origins, retries, concurrency (config.ts, docs/PROVIDERS.md). */
  delivery?: DeliveryOptions | undefined;
  /** INBOX_MAX_SNOOZE_HOURS: the longest snooze an inbox user may choose (default 720 hours). */
  maxSnoozeHours?: number | undefined;
  /** Key prefix of the BullMQ queue (default `forecourt`; tests sharing one Redis pick their own). */
  redisPrefix?: string | undefined;
  /**
   * This process works notification jobs (ROLES has `worker`; default true). Without it triggers
   * are only queued: on Redis for the workers, or as rows the workers' lease sweep picks up.
   */
  worker?: boolean | undefined;
  /** How long a worker's lease on the jobs it delivers lasts (JOB_LEASE_MS, default 30 s). */
  leaseMs?: number | undefined;
  /**
   * Who runs the scheduler: the leader among the processes, started and closed by the app
   * (default: this process alone, started here).
   */
  leadership?: Leadership | undefined;
  /** FILES_HOST: where `{address}` links in rendered content point (default: APP_URL's host). */
  filesHost?: string | undefined;
  /** NOTIFY_FEATURES: the platform features that are on (default: all). */
  features?: NotifyFeatures | undefined;
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
 * set) and its worker, the scheduler of delays and digests, the snooze waker, the inbox's realtime
 * publisher, the `/v1` authenticators, the domain-event triggers, and the routes (`/v1/*`,
 * `/v1/widgets/*`, `/v1/inbox/*`, `/api/platform/*`, Slack OAuth). At startup (onReady, after
 * migrations and the demo seed) the BullMQ queue connects, every organisation gets its
 * environment and `NOTIFY_SECRET_KEY` is applied to the demo organisation; on a worker process the
 * snooze waker starts, queued work and expired leases are swept up now and every half lease, and
 * the scheduler runs while this process is the leader.
 */
export async function registerNotify(
  app: FastifyInstance,
  options: {
    db: Db;
    now: () => number;
    access: AccessControl;
    io?: Server | undefined;
    /** The socket.io server has the cluster adapter: inbox events reach the other processes too. */
    clustered?: boolean;
  } & NotifyOptions,
): Promise<void> {
  const keys = notifyKeys(options.db, options.now);
  const realtime = new WidgetRealtime({ db: options.db, now: options.now, log: app.log, keys });
  const worker = options.worker !== false;
  const lease = { owner: DEFAULT_LEASE.owner, ms: options.leaseMs ?? DEFAULT_LEASE.ms };
  const leadership = options.leadership ?? soleLeadership();
  // The worker runs with the same deps the routes get (the queue included).
  const work = (eventId: number) => processEvent({ ...deps, lease }, eventId);
  const queue = options.redisUrl
    ? new BullMqQueue(work, app.log, { url: options.redisUrl, prefix: options.redisPrefix, consume: worker })
    : new InProcessQueue(work, app.log, { consume: worker });
  const widgetSessions = new WidgetSessionCache();
  const deps: NotifyDeps = {
    db: options.db,
    now: options.now,
    log: app.log,
    keys,
    inbox: realtime,
    widgetSessions,
    queue,
    publicUrl: (options.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, ''),
    delivery: {
      ...(options.delivery ?? {}),
      filesHost: options.filesHost ?? filesHostOf(undefined, options.publicUrl ?? 'http://localhost:8080'),
    },
    features: options.features ?? ALL_FEATURES,
  };
  if (options.io) realtime.attach(options.io, { clustered: options.clustered === true });
  // A dashboard user's inbox ends with the account's sessions (logout, reset, disabling).
  authContext(options.db).onSessionsEnded((userId) => {
    deps.widgetSessions.forgetUser(userId);
    realtime.endUserSessions(userId);
  });
  // Delays and digests: due jobs persisted in notify_jobs, fired on the app's clock.
  const scheduler = new NotifyScheduler(deps, queue);
  // Snoozed inbox messages come back at their time (persisted on the message).
  const snoozes = new SnoozeWaker(deps);

  app.decorate('notify', { queue, realtime, scheduler, snoozes });
  app.decorateRequest('notifyEnvironment', null);
  app.decorateRequest('widgetSession', null);
  options.access.provideV1Authenticator('api-key', apiKeyAuthenticator(deps));
  options.access.provideV1Authenticator('widget', widgetAuthenticator({ ...deps, widgetSessions }));

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
    if (!worker) return;
    // Snoozed inbox messages come back on every worker (each wake-up claims its rows atomically).
    snoozes.start();
    void snoozes.tick().catch((error: unknown) => app.log.error({ err: error }, 'snooze wake-up failed'));
    // Queued work, and running work whose lease expired (its process died): picked up now and
    // every half lease, so a job of a killed process is worked again soon after its lease ends.
    const sweep = async () => {
      for (const eventId of await pendingEventIds(deps.db, deps.now())) queue.enqueue(eventId);
    };
    await sweep();
    sweeper = setInterval(
      () => void sweep().catch((error: unknown) => app.log.error({ err: error }, 'job lease sweep failed')),
      Math.max(100, Math.floor(lease.ms / 2)),
    );
    sweeper.unref();
    // The scheduler runs on the leader only (it would be safe anywhere: firing claims each wait).
    leadership.follow({
      gained: () => {
        scheduler.start();
        void scheduler
          .tick()
          .catch((error: unknown) => app.log.error({ err: error }, 'notification scheduler failed'));
      },
      lost: () => scheduler.pause(),
    });
    if (!options.leadership) await leadership.start();
  });
  let sweeper: NodeJS.Timeout | undefined;
  // Domain events (incidents, access requests, card activations, settlements, reviews) → their workflows.
  const unsubscribe = app.hasDecorator('domainEvents')
    ? subscribeDomainTriggers(deps, app.domainEvents)
    : null;
  app.addHook('onClose', async () => {
    if (unsubscribe) {
      unsubscribe();
      await app.domainEvents.drain();
    }
    if (sweeper) clearInterval(sweeper);
    if (!options.leadership) await leadership.close();
    await scheduler.close();
    await snoozes.close();
    await queue.close();
    // What this process still held (a send cut short) is free for the others at once.
    if (worker) await releaseJobLeases(deps.db, deps.now(), lease).catch(() => undefined);
  });

  await app.register(
    notifyRoutes(deps, [
      ...integrationOperations(deps),
      ...tenantOperations(deps),
      ...workflowTemplateOperations(deps),
    ]),
  );
  await app.register(integrationTestRoutes(deps));
  await app.register(widgetRoutes(deps));
  await app.register(inboxApiRoutes(deps, { maxSnoozeHours: options.maxSnoozeHours }));
  await app.register(
    platformRoutes(deps, { maxSnoozeHours: options.maxSnoozeHours ?? DEFAULT_MAX_SNOOZE_HOURS }),
  );
  await app.register(announcementRoutes(deps));
  await app.register(previewRoutes());
  await app.register(activityRoutes(deps, readSubscriberPreferences));
  await app.register(slackOAuthRoutes(deps));
}
