import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { redisLeadership, soleLeadership } from './cluster/leader';
import { registerPartitionMaintenance } from './cluster/partition-maintenance';
import { ALL_ROLES, type Roles } from './cluster/roles';
import type { DatabaseHandle } from './db/database';
import { registerCsvExports } from './http/csv-export-slots';
import { registerErrorHandling } from './http/error-handler';
import { type Drain, registerDrain } from './http/graceful-drain';
import { requestLogSerializer } from './http/log-redaction';
import { registerNoStore } from './http/no-store';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { createDomainEventBus, type DomainEventBus } from './lib/domain-events';
import { filesHostOf } from './lib/file-links';
import { registerAccessRequests } from './modules/access-requests/register';
import { createAccountLimiters } from './modules/accounts/accounts.deps';
import { userForProviderAccount } from './modules/accounts/oauth-account.service';
import { type MailSettings, registerAccounts } from './modules/accounts/register';
import { assetsRoutes } from './modules/assets/assets.routes';
import { registerAccessControl } from './modules/auth/access-control';
import { authRoutes } from './modules/auth/auth.routes';
import { type AuthOptions, configureAuth } from './modules/auth/auth-context';
import { oauthRoutes } from './modules/auth/oauth.routes';
import { createOAuthService } from './modules/auth/oauth.service';
import { NO_OAUTH, type OAuthSettings } from './modules/auth/oauth.settings';
import { RedisRateStore } from './modules/auth/redis-rate-store';
import { registerCards } from './modules/cards/register';
import { incidentEvidence } from './modules/files/incident-evidence';
import { registerFiles } from './modules/files/register';
import { healthRoutes } from './modules/health/health.routes';
import { registerIncidents } from './modules/incidents/register';
import { ingestRoutes } from './modules/ingest/ingest.routes';
import { createIngestService, type IngestService } from './modules/ingest/ingest.service';
import { registerLoyalty } from './modules/loyalty/register';
import { membersRoutes } from './modules/members/members.routes';
import { memberships } from './modules/members/memberships';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { operationsRoutes } from './modules/operations/register';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { personnelRoutes } from './modules/personnel/personnel.routes';
import { createClusterAdapter } from './modules/realtime/cluster-adapter';
import { createRealtime, type RealtimeHub, registerRealtimeShutdown } from './modules/realtime/realtime';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes';
import { registerSimulator } from './modules/simulator/register';
import { createSimulator, type SimulatorOptions } from './modules/simulator/simulator';
import { stationProfilesRoutes } from './modules/station-profiles/station-profiles.routes';
import { stationsRoutes } from './modules/stations/stations.routes';
import { type NotifyOptions, registerNotify } from './notify-platform';

export type AppDeps = {
  database: DatabaseHandle;
  /** Folder of the built web app (served at `/` when it exists). */
  webDist: string;
  /** Fastify logger options; `false` in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Sessions: signing secret, clock (tests pass a controllable one), login limits. */
  auth?: AuthOptions;
  /** Fastify `trustProxy` (from TRUST_PROXY): which proxies' X-Forwarded-For gives the client IP. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Mail: SMTP when `smtpUrl` is set, else the embedded outbox; links point at `appUrl`. */
  mail?: MailSettings;
  /** Notification platform: NOTIFY_SECRET_KEY for the demo organisation, the public URL (APP_URL). */
  notify?: NotifyOptions;
  /** The live demo simulator (SIMULATOR=on); runs while the server listens. Off when absent. */
  simulator?: SimulatorOptions;
  /** Where uploaded files are stored (DATA_DIR/files); a temporary folder when absent (tests). */
  filesDir?: string;
  /** FILES_HOST: where `{address}` links in content point, over https (default: APP_URL's host). */
  filesHost?: string;
  /**
   * REDIS_URL for what several processes share beyond notification jobs: the socket.io adapter
   * (broadcasts reach every process) and, through `auth.rateStore`, the login limits. Unset: one
   * process, everything in memory.
   */
  redis?: { url: string; prefix?: string | undefined } | undefined;
  /** ROLES: what this process does (cluster/roles.ts); all by default. */
  roles?: Roles | undefined;
  /** Sign in with Google / GitHub; none when absent. */
  oauth?: OAuthSettings;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket.io server and the operations publisher (modules/realtime). */
    realtime: RealtimeHub;
    /** In-process domain events (lib/domain-events.ts): incidents, access requests, card activations, settlements, reviews. */
    domainEvents: DomainEventBus;
    /** The ingest service (modules/ingest), for in-process senders such as the simulator. */
    ingest: IngestService;
    /** Graceful drain of HTTP connections before closing (http/graceful-drain.ts). */
    drain: Drain;
  }
}

/**
 * Log options shared by main and anyone building the app: secrets never reach the log (headers
 * that carry them are redacted, and so are token-like query parameters of logged URLs).
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: { req: requestLogSerializer },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}

/** Builds the HTTP application. Tests call this directly; main.ts adds listening and signals. */
export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests that reach a closing server were accepted on an open connection: answer them
    // (with `Connection: close`) rather than 503 — see http/graceful-drain.ts.
    return503OnClosing: false,
    ...(deps.trustProxy === undefined ? {} : { trustProxy: deps.trustProxy }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  // First hook of every request, so refusals (401/403) and 404s carry the headers too.
  await registerSecurityHeaders(app);
  app.decorate('drain', registerDrain(app));
  const roles = deps.roles ?? ALL_ROLES;
  if (!roles.has('api')) {
    // A worker or realtime-only process answers its health checks and nothing else over HTTP.
    app.addHook('onRequest', async (request, reply) => {
      if (request.url === '/api/health' || request.url.startsWith('/api/health/')) return;
      reply
        .code(404)
        .send({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: 'This process serves no API' });
      return reply;
    });
  }
  // The leader runs the notification scheduler and the simulator; only worker processes campaign.
  const leadership = deps.redis
    ? redisLeadership(deps.redis.url, app.log, { prefix: deps.redis.prefix })
    : soleLeadership();
  if (roles.has('worker')) {
    app.addHook('onReady', () => leadership.start());
    app.addHook('onClose', () => leadership.close());
  }
  // Before any route: every /api route must declare its access (see docs/ARCHITECTURE.md).
  // With Redis, login throttles and account budgets are counted once for every process.
  const rateStore = deps.redis ? new RedisRateStore(deps.redis.url, deps.redis.prefix) : undefined;
  if (rateStore) app.addHook('onClose', () => rateStore.close());
  const auth = configureAuth(deps.database.db, rateStore ? { ...deps.auth, rateStore } : deps.auth);
  const access = registerAccessControl(app, auth);
  registerNoStore(app);
  registerCsvExports(app);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(authRoutes(auth));
  const oauth = createOAuthService({
    context: auth,
    userForProviderAccount,
    settings: deps.oauth ?? NO_OAUTH,
    appUrl: deps.mail?.appUrl ?? 'http://localhost:8080',
    log: app.log,
  });
  await app.register(oauthRoutes(oauth));
  await app.register(stationsRoutes(deps.database.db, auth.now));
  await app.register(onboardingRoutes(deps.database.db));
  await app.register(operationsRoutes({ db: deps.database.db, now: auth.now }));
  await app.register(metricsRoutes({ db: deps.database.db, now: auth.now }));
  await app.register(assetsRoutes({ db: deps.database.db, now: auth.now }));
  const domainEvents = createDomainEventBus(app.log);
  app.decorate('domainEvents', domainEvents);
  const accounts = await registerAccounts(app, {
    events: domainEvents,
    db: deps.database.db,
    memberships,
    mail: deps.mail,
    clock: auth.now,
    ...(rateStore ? { limiters: createAccountLimiters(auth.now, {}, rateStore) } : {}),
  });
  await app.register(membersRoutes(accounts));
  const filesHost =
    deps.filesHost ??
    filesHostOf(undefined, deps.mail?.appUrl ?? deps.notify?.publicUrl ?? 'http://localhost:8080');
  const incidents = await registerIncidents(app, {
    db: deps.database.db,
    now: auth.now,
    events: domainEvents,
    evidence: incidentEvidence,
    filesHost,
  });
  await registerFiles(app, { incidents, filesDir: deps.filesDir });
  await registerLoyalty(app, { db: deps.database.db, now: auth.now, events: domainEvents });
  await registerCards(app, { db: deps.database.db, now: auth.now, events: domainEvents });
  await registerAccessRequests(app, { db: deps.database.db, now: auth.now, events: domainEvents });
  await app.register(personnelRoutes({ db: deps.database.db, now: auth.now }));
  await app.register(stationProfilesRoutes({ db: deps.database.db, now: auth.now, filesHost }));
  await app.register(reviewsRoutes({ db: deps.database.db, now: auth.now, events: domainEvents }));
  await app.register(organizationsRoutes({ db: deps.database.db, now: auth.now }));
  await app.register(savedViewsRoutes({ db: deps.database.db, now: auth.now }));

  // Live data: one socket.io server on this HTTP server, the ingest API feeding it, and the demo.
  const cluster = deps.redis ? createClusterAdapter(deps.redis.url, app.log, deps.redis.prefix) : undefined;
  const realtime = createRealtime(app, {
    db: deps.database.db,
    auth,
    log: app.log,
    cluster,
    acceptConnections: roles.has('realtime'),
  });
  registerRealtimeShutdown(app, realtime, cluster);
  const ingest = createIngestService({
    db: deps.database.db,
    now: auth.now,
    publisher: realtime,
    log: app.log,
    events: domainEvents,
  });
  app.decorate('realtime', realtime);
  app.decorate('ingest', ingest);
  await app.register(ingestRoutes({ db: deps.database.db, now: auth.now, ingest }));
  // Notification platform (/v1, /v1/widgets, /v1/inbox, /api/platform); it turns the domain events into
  // notifications, and the inbox uses the socket.io default namespace.
  await registerNotify(app, {
    db: deps.database.db,
    now: auth.now,
    access,
    io: realtime.io,
    clustered: realtime.clustered,
    filesHost,
    ...deps.notify,
    worker: roles.has('worker'),
    leadership,
  });
  if (roles.has('worker')) {
    registerPartitionMaintenance(app, { db: deps.database.db, now: auth.now, leadership });
  }
  if (deps.simulator && roles.has('worker')) {
    const simulator = createSimulator(
      { db: deps.database.db, ingest, now: auth.now, log: app.log },
      deps.simulator,
    );
    registerSimulator(app, simulator, leadership);
  }
  await registerSpa(app, deps.webDist);
  return app;
}
