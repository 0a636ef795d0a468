import { ZNetworkPaymentPageQuery, ZPaymentPage, ZPaymentPageQuery } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { sendListCsv, wantsCsv } from '../../http/csv-export';
import { READ_ERRORS, type ReadDeps } from '../../http/read-route';
import { COMPILED_JSON } from '../../http/response-serializer';
import { networkScope, stationScope } from '../../lib/scope/scope';
import { ZStationSlugParams } from '../stations/stations.routes';
import { listPayments } from './payments.service';

export function paymentsRoutes({ db, now }: ReadDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stations/:slug/payments',
      {
        ...COMPILED_JSON,
        config: { grant: 'payments:r' },
        schema: {
          tags: ['operations'],
          summary: "A station's payments in a time window, newest first (keyset pages)",
          params: ZStationSlugParams,
          querystring: ZPaymentPageQuery,
          response: { 200: ZPaymentPage, ...READ_ERRORS },
        },
      },
      async (request, reply) => {
        const { scope } = await stationScope(db, requireCaller(request), request.params.slug);
        const at = now();
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: `${request.params.slug}-payments`,
            schema: ZPaymentPage,
            now: at,
            list: (paging) => listPayments(db, scope, { ...request.query, ...paging }, at, false),
          });
        }
        return listPayments(db, scope, request.query, at, false);
      },
    );

    app.get(
      '/api/payments',
      {
        ...COMPILED_JSON,
        config: { grant: 'payments:r' },
        schema: {
          tags: ['operations'],
          summary: 'Payments across every visible station (or the `station` ids given), newest first',
          querystring: ZNetworkPaymentPageQuery,
          response: { 200: ZPaymentPage, ...READ_ERRORS },
        },
      },
      async (request, reply) => {
        const scope = await networkScope(db, requireCaller(request), request.query.station);
        const at = now();
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: 'payments',
            schema: ZPaymentPage,
            now: at,
            list: (paging) => listPayments(db, scope, { ...request.query, ...paging }, at, true),
          });
        }
        return listPayments(db, scope, request.query, at, true);
      },
    );
  };
}
