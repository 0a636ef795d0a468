import type { FastifyInstance } from 'fastify';

/**
 * `Cache-Control: no-store` on every answer to an authenticated request (an `/api` route with
 * `{auth: 'user'}` or a `{grant}`, a `/v1` route authenticated by API key or inbox session),
 * errors included: they hold one organisation's or one person's data, which no browser or shared
 * cache may keep. A route that chose its own caching (a private file download) keeps it.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const { auth, grant, v1 } = request.routeOptions.config;
    const authenticated = auth === 'user' || grant !== undefined || (v1 !== undefined && v1 !== 'public');
    if (authenticated && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
