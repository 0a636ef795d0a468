import { ZChallanPage, ZChallanPageQuery, ZNetworkChallanPageQuery } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { sendListCsv, wantsCsv } from '../../http/csv-export';
import { READ_ERRORS, type ReadDeps } from '../../http/read-route';
import { COMPILED_JSON } from '../../http/response-serializer';
import { networkScope, stationScope } from '../../lib/scope/scope';
import { ZStationSlugParams } from '../stations/stations.routes';
import { listChallans } from './challans.service';

export function challansRoutes({ db, now }: ReadDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stations/:slug/challans',
      {
        ...COMPILED_JSON,
        config: { grant: 'challans:r' },
        schema: {
          tags: ['operations'],
          summary: 'E-challans of vehicles served at a station, in a time window, latest first',
          params: ZStationSlugParams,
          querystring: ZChallanPageQuery,
          response: { 200: ZChallanPage, ...READ_ERRORS },
        },
      },
      async (request, reply) => {
        const { scope } = await stationScope(db, requireCaller(request), request.params.slug);
        const at = now();
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: `${request.params.slug}-challans`,
            schema: ZChallanPage,
            now: at,
            list: (paging) => listChallans(db, scope, { ...request.query, ...paging }, at),
          });
        }
        return listChallans(db, scope, request.query, at);
      },
    );

    app.get(
      '/api/challans',
      {
        ...COMPILED_JSON,
        config: { grant: 'challans:r' },
        schema: {
          tags: ['operations'],
          summary: 'E-challans across every visible station (or the `station` ids given), latest first',
          querystring: ZNetworkChallanPageQuery,
          response: { 200: ZChallanPage, ...READ_ERRORS },
        },
      },
      async (request, reply) => {
        const scope = await networkScope(db, requireCaller(request), request.query.station);
        const at = now();
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: 'challans',
            schema: ZChallanPage,
            now: at,
            list: (paging) => listChallans(db, scope, { ...request.query, ...paging }, at),
          });
        }
        return listChallans(db, scope, request.query, at);
      },
    );
  };
}
