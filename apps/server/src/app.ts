import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/database';
import { registerErrorHandling } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { registerSpa } from './http/spa';
import { type MailSettings, registerAccounts } from './modules/accounts/register';
import { assetsRoutes } from './modules/assets/assets.routes';
import { registerAccessControl } from './modules/auth/access-control';
import { authRoutes } from './modules/auth/auth.routes';
import { type AuthOptions, configureAuth } from './modules/auth/auth-context';
import { healthRoutes } from './modules/health/health.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { operationsRoutes } from './modules/operations/register';
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
};

/** Log options shared by main and anyone building the app: secrets never reach the log. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
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
  registerAccessControl(app, auth);
  await app.register(helmet, {
    // The SPA loads its own scripts and styles only; maps and charts draw into canvas and workers.
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
      },
    },
  });
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(authRoutes(auth));
  await app.register(stationsRoutes(deps.database.db));
  await app.register(operationsRoutes({ db: deps.database.db, now: auth.now }));
  await app.register(metricsRoutes({ db: deps.database.db, now: auth.now }));
  await app.register(assetsRoutes({ db: deps.database.db, now: auth.now }));
  await registerAccounts(app, { db: deps.database.db, mail: deps.mail, clock: auth.now });
  await registerSpa(app, deps.webDist);
  return app;
}
