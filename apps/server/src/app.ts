import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/database';
import type { CallerResolver } from './http/caller';
import { embeddedCallerResolver } from './http/embedded-caller';
import { registerErrorHandling } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { registerSpa } from './http/spa';
import { healthRoutes } from './modules/health/health.routes';
import { stationsRoutes } from './modules/stations/stations.routes';

export type AppDeps = {
  database: DatabaseHandle;
  /** Folder of the built web app (served at `/` when it exists). */
  webDist: string;
  /** Fastify logger options; `false` in tests. */
  logger?: FastifyServerOptions['logger'];
  /** How a request's caller is found; defaults to the embedded pre-auth resolver. */
  resolveCaller?: CallerResolver;
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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
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

  const resolveCaller = deps.resolveCaller ?? embeddedCallerResolver(deps.database.db);
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) request.caller = await resolveCaller(request);
  });

  await app.register(healthRoutes);
  await app.register(stationsRoutes(deps.database.db));
  await registerSpa(app, deps.webDist);
  return app;
}
