import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/database';
import { registerErrorHandling } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { createDomainEventBus, type DomainEventBus } from './lib/domain-events';
import { registerAccessRequests } from './modules/access-requests/register';
import { type MailSettings, registerAccounts } from './modules/accounts/register';
import { assetsRoutes } from './modules/assets/assets.routes';
import { registerAccessControl } from './modules/auth/access-control';
import { authRoutes } from './modules/auth/auth.routes';
import { type AuthOptions, configureAuth } from './modules/auth/auth-context';
import { registerCards } from './modules/cards/register';
import { healthRoutes } from './modules/health/health.routes';
import { registerIncidents } from './modules/incidents/register';
import { ingestRoutes } from './modules/ingest/ingest.routes';
import { createIngestService, type IngestService } from './modules/ingest/ingest.service';
import { registerLoyalty } from './modules/loyalty/register';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { type NotifyOptions, registerNotify } from './modules/notify/register';
import { operationsRoutes } from './modules/operations/register';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { personnelRoutes } from './modules/personnel/personnel.routes';
import { createRealtime, type RealtimeHub, registerRealtimeShutdown } from './modules/realtime/realtime';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { registerSimulator } from './modules/simulator/register';
import { createSimulator, type SimulatorOptions } from './modules/simulator/simulator';
import { stationProfilesRoutes } from './modules/station-profiles/station-profiles.routes';
import { stationsRoutes } from './modules/stations/stations.routes';

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
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket.io server and the operations publisher (modules/realtime). */
    realtime: RealtimeHub;
    /** In-process domain events (lib/domain-events.ts): incident.opened, incident.escalated. */
    domainEvents: DomainEventBus;
    /** The ingest service (modules/ingest), for in-process senders such as the simulator. */
    ingest: IngestService;
  }
}

/** Log options shared by main and anyone building the app: secrets never reach the log. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
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
    return503OnClosing: true,
    ...(deps.trustProxy === undefined ? {} : { trustProxy: deps.trustProxy }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  // Before any route: every /api route must declare its access (see docs/ARCHITECTURE.md).
  const auth = configureAuth(deps.database.db, deps.auth);
  const access = registerAccessControl(app, auth);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(authRoutes(auth));
  await app.register(stationsRoutes(deps.database.db));
  await app.register(operationsRoutes({ db: deps.database.db, now: auth.now }));
  await app.register(metricsRoutes({ db: deps.database.db, now: auth.now }));
  await app.register(assetsRoutes({ db: deps.database.db, now: auth.now }));
  await registerAccounts(app, { db: deps.database.db, mail: deps.mail, clock: auth.now });
  const domainEvents = createDomainEventBus(app.log);
  app.decorate('domainEvents', domainEvents);
  await registerIncidents(app, {
    db: deps.database.db,
    now: auth.now,
    events: domainEvents,
    filesDir: deps.filesDir,
  });
  await registerLoyalty(app, { db: deps.database.db, now: auth.now, events: domainEvents });
  await registerCards(app, { db: deps.database.db, now: auth.now, events: domainEvents });
  await registerAccessRequests(app, { db: deps.database.db, now: auth.now, events: domainEvents });
  await app.register(personnelRoutes({ db: deps.database.db, now: auth.now }));
  await app.register(stationProfilesRoutes({ db: deps.database.db, now: auth.now }));
  await app.register(reviewsRoutes({ db: deps.database.db, now: auth.now, events: domainEvents }));
  await app.register(organizationsRoutes({ db: deps.database.db, now: auth.now }));

  // Live data: one socket.io server on this HTTP server, the ingest API feeding it, and the demo.
  const realtime = createRealtime(app, { db: deps.database.db, auth, log: app.log });
  registerRealtimeShutdown(app, realtime);
  const ingest = createIngestService({
    db: deps.database.db,
    now: auth.now,
    publisher: realtime,
    log: app.log,
  });
  app.decorate('realtime', realtime);
  app.decorate('ingest', ingest);
  await app.register(ingestRoutes({ db: deps.database.db, now: auth.now, ingest }));
  // Notification platform (/v1, /v1/widgets, /api/platform); the inbox uses the default namespace.
  await registerNotify(app, { db: deps.database.db, now: auth.now, access, io: realtime.io, ...deps.notify });
  if (deps.simulator) {
    const simulator = createSimulator(
      { db: deps.database.db, ingest, now: auth.now, log: app.log },
      deps.simulator,
    );
    registerSimulator(app, simulator);
  }
  await registerSpa(app, deps.webDist);
  return app;
}
