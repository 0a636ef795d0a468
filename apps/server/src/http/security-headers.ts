import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** The app's security headers: helmet's defaults with a CSP for the SPA (scripts and styles of its own). */
export const SECURITY_HEADER_OPTIONS: FastifyHelmetOptions = {
  // The SPA loads its own scripts and styles only; maps and charts draw into canvas and workers.
  // Images may also come from any https: address: station-profile photos are URLs users enter
  // (docs/DECISIONS.md, "Security headers").
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'worker-src': ["'self'", 'blob:'],
      'connect-src': ["'self'", 'ws:', 'wss:'],
    },
  },
};

/**
 * The headers @fastify/helmet sets for `options`, found once by asking it: a throwaway Fastify
 * with and without the plugin answers one request each, and the difference is helmet's.
 */
export async function securityHeaders(
  options: FastifyHelmetOptions = SECURITY_HEADER_OPTIONS,
): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', () => '');
    const response = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return response.headers;
  };
  const [plain, secured] = [await answer(false), await answer(true)];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured)) {
    if (name in plain || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * Helmet's security headers on every response, computed once at start-up. @fastify/helmet
 * rebuilds helmet's middleware (and re-parses the CSP) on each request, which cost ~4 % of a list
 * request's CPU; the headers are static for our options (no nonces, no per-request directives),
 * so they are a constant. Same hook (`onRequest`) and therefore the same responses as the plugin.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions = SECURITY_HEADER_OPTIONS,
): Promise<void> {
  const headers = await securityHeaders(options);
  const names = Object.keys(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const name of names) reply.header(name, headers[name]);
    done();
  });
}
