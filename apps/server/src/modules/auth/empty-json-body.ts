import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of one plugin take `PUT`/`POST` with an empty body even when the client sends
 * `content-type: application/json` (logout and email verification are sent with an empty body).
 * Non-empty bodies go through Fastify's own JSON parser (prototype-poisoning checks included).
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
