import {
  ZApiError,
  ZStation,
  ZStationCreateRequest,
  ZStationList,
  ZStationListQuery,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { requireCaller } from '../../http/caller';
import { createStation } from './station-create.service';
import { getStation, getStationList } from './stations.service';

export const ZStationSlugParams = z.object({ slug: z.string().min(1).max(120) });

export function stationsRoutes(db: Db, now: () => number = Date.now): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stations',
      {
        config: { grant: 'stations:r' },
        schema: {
          tags: ['stations'],
          summary: 'List the stations the caller can see',
          querystring: ZStationListQuery,
          response: { 200: ZStationList, 400: ZApiError, 401: ZApiError, 403: ZApiError },
        },
      },
      (request) => getStationList(db, requireCaller(request), request.query),
    );

    app.post(
      '/api/stations',
      {
        config: { grant: 'stations:c' },
        schema: {
          tags: ['stations'],
          summary: 'Add a station with its dispensers and nozzles',
          body: ZStationCreateRequest,
          response: { 201: ZStation, 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createStation(db, requireCaller(request), request.body, now())),
    );

    app.get(
      '/api/stations/:slug',
      {
        config: { grant: 'stations:r' },
        schema: {
          tags: ['stations'],
          summary: 'One station by slug',
          params: ZStationSlugParams,
          response: { 200: ZStation, 401: ZApiError, 403: ZApiError, 404: ZApiError },
        },
      },
      (request) => getStation(db, requireCaller(request), request.params.slug),
    );
  };
}
