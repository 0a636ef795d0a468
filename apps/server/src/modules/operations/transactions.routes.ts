import { ZNetworkTransactionPageQuery, ZTransactionPage, ZTransactionPageQuery } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { COMPILED_JSON } from '../../http/response-serializer';
import { ZStationSlugParams } from '../stations/stations.routes';
import { READ_ERRORS, type ReadDeps } from './deps';
import { networkScope, stationScope } from './scope';
import { listTransactions } from './transactions.service';

export function transactionsRoutes({ db, now }: ReadDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stations/:slug/transactions',
      {
        ...COMPILED_JSON,
        config: { grant: 'transactions:r' },
        schema: {
          tags: ['operations'],
          summary: "A station's fills in a time window, newest first (keyset pages)",
          params: ZStationSlugParams,
          querystring: ZTransactionPageQuery,
          response: { 200: ZTransactionPage, ...READ_ERRORS },
        },
      },
      async (request) => {
        const { scope } = await stationScope(db, requireCaller(request), request.params.slug);
        return listTransactions(db, scope, request.query, now(), false);
      },
    );

    app.get(
      '/api/transactions',
      {
        ...COMPILED_JSON,
        config: { grant: 'transactions:r' },
        schema: {
          tags: ['operations'],
          summary: 'Fills across every visible station (or the `station` ids given), newest first',
          querystring: ZNetworkTransactionPageQuery,
          response: { 200: ZTransactionPage, ...READ_ERRORS },
        },
      },
      async (request) => {
        const caller = requireCaller(request);
        const scope = await networkScope(db, caller, request.query.station);
        return listTransactions(db, scope, request.query, now(), true);
      },
    );
  };
}
