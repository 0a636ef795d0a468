import {
  INGEST_MAX_ITEMS,
  ingestItemCount,
  ZApiKeyCreate,
  ZApiKeyCreated,
  ZIngestBatch,
  ZIngestResult,
  ZStationApiKeys,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { requireCaller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import { ZStationSlugParams } from '../stations/stations.routes';
import {
  apiKeyFromHeaders,
  authenticateApiKey,
  createStationApiKey,
  getStationApiKeys,
  type KeyStation,
  revokeStationApiKey,
} from './api-keys.service';
import { INGEST_BODY_LIMIT, INGEST_ERRORS, KEY_ERRORS, ZApiKeyParams } from './ingest.schemas';
import type { IngestService } from './ingest.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The station an ingest request writes for, resolved from its API key. */
    keyStation?: KeyStation;
  }
}

export type IngestRouteDeps = { db: Db; now: () => number; ingest: IngestService };

/** Station API keys (organisation admins, `apikeys:*`) and the ingest endpoint (API key). */
export function ingestRoutes({ db, now, ingest }: IngestRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/stations/:slug/api-keys',
      {
        config: { grant: 'apikeys:c' },
        schema: {
          tags: ['ingest'],
          summary: 'Create an API key for the station (the secret is shown only in this answer)',
          params: ZStationSlugParams,
          body: ZApiKeyCreate,
          response: { 201: ZApiKeyCreated, ...KEY_ERRORS },
        },
      },
      async (request, reply) => {
        const created = await createStationApiKey(
          db,
          requireCaller(request),
          request.params.slug,
          request.body.name,
          now(),
        );
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/stations/:slug/api-keys',
      {
        config: { grant: 'apikeys:r' },
        schema: {
          tags: ['ingest'],
          summary: "The station's API keys, newest first (never their secrets)",
          params: ZStationSlugParams,
          response: { 200: ZStationApiKeys, ...KEY_ERRORS },
        },
      },
      (request) => getStationApiKeys(db, requireCaller(request), request.params.slug),
    );

    app.delete(
      '/api/stations/:slug/api-keys/:id',
      {
        config: { grant: 'apikeys:d' },
        schema: {
          tags: ['ingest'],
          summary: 'Revoke an API key (ingest refuses it from then on)',
          params: ZApiKeyParams,
          response: { 204: z.null(), ...KEY_ERRORS },
        },
      },
      async (request, reply) => {
        await revokeStationApiKey(db, requireCaller(request), request.params.slug, request.params.id, now());
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/ingest',
      {
        // Not a user route: the station API key is checked by this route's own onRequest hook
        // (before the body is read), so access control has no user to check.
        config: { auth: 'public' },
        bodyLimit: INGEST_BODY_LIMIT,
        onRequest: async (request) => {
          request.keyStation = await authenticateApiKey(db, apiKeyFromHeaders(request.headers), now());
        },
        // Count before the items are validated one by one.
        preValidation: async (request) => {
          if (ingestItemCount(request.body) > INGEST_MAX_ITEMS) {
            throw new AppError('BATCH_TOO_LARGE', `A batch carries at most ${INGEST_MAX_ITEMS} items`);
          }
        },
        schema: {
          tags: ['ingest'],
          summary: "Send a batch of a station's facts (header Authorization: ApiKey <key> or X-Api-Key)",
          description:
            'Transactions, payments, ANPR sightings, dispenser and nozzle states and congestion samples, ' +
            `each with the sender's sourceId; at most ${INGEST_MAX_ITEMS} items. A repeated sourceId ` +
            'is counted as a duplicate and changes nothing; any bad item rejects the whole batch.',
          body: ZIngestBatch,
          response: { 200: ZIngestResult, ...INGEST_ERRORS },
        },
      },
      async (request) => {
        const key = request.keyStation;
        if (!key) throw new AppError('UNAUTHENTICATED', 'Send the station API key');
        return ingest.ingest({ stationId: key.stationId, organizationId: key.organizationId }, request.body);
      },
    );
  };
}
