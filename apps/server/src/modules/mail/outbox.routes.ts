import { ZApiError } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { requireUser } from '../../http/caller';
import { ZOutboxList, ZOutboxListQuery, ZOutboxMessage, ZOutboxParams } from './outbox.schemas';
import { getOutboxList, getOutboxMessage } from './outbox.service';

/** The embedded mailbox: the caller's own mail, plus the organisation's for `outbox:r`. */
export function outboxRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/outbox',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['outbox'],
          summary: 'Mail kept in the embedded outbox, newest first',
          querystring: ZOutboxListQuery,
          response: { 200: ZOutboxList, 400: ZApiError, 401: ZApiError },
        },
      },
      (request) => getOutboxList(db, requireUser(request), request.query),
    );

    app.get(
      '/api/outbox/:id',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['outbox'],
          summary: 'One message of the embedded outbox',
          params: ZOutboxParams,
          response: { 200: ZOutboxMessage, 400: ZApiError, 401: ZApiError, 404: ZApiError },
        },
      },
      (request) => getOutboxMessage(db, requireUser(request), request.params.id),
    );
  };
}
