import { ZNetworkPaymentPageQuery, ZPaymentPage, ZPaymentPageQuery } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { COMPILED_JSON } from '../../http/response-serializer';
import { ZStationSlugParams } from '../stations/stations.routes';
import { READ_ERRORS, type ReadDeps } from './deps';
import { listPayments } from './payments.service';
import { networkScope, stationScope } from './scope';

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
      async (request) => {
        const { scope } = await stationScope(db, requireCaller(request), request.params.slug);
        return listPayments(db, scope, request.query, now(), false);
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
      async (request) => {
        const scope = await networkScope(db, requireCaller(request), request.query.station);
        return listPayments(db, scope, request.query, now(), true);
      },
    );
  };
}
