import { ZNetworkTransactionPageQuery, ZTransactionPage, ZTransactionPageQuery } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { sendListCsv, wantsCsv } from '../../http/csv-export';
import { READ_ERRORS, type ReadDeps } from '../../http/read-route';
import { COMPILED_JSON } from '../../http/response-serializer';
import { networkScope, stationScope } from '../../lib/scope/scope';
import { ZStationSlugParams } from '../stations/stations.routes';
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
      async (request, reply) => {
        const { scope } = await stationScope(db, requireCaller(request), request.params.slug);
        const at = now();
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: `${request.params.slug}-transactions`,
            schema: ZTransactionPage,
            now: at,
            list: (paging) => listTransactions(db, scope, { ...request.query, ...paging }, at, false),
          });
        }
        return listTransactions(db, scope, request.query, at, false);
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
      async (request, reply) => {
        const caller = requireCaller(request);
        const scope = await networkScope(db, caller, request.query.station);
        const at = now();
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: 'transactions',
            schema: ZTransactionPage,
            now: at,
            list: (paging) => listTransactions(db, scope, { ...request.query, ...paging }, at, true),
          });
        }
        return listTransactions(db, scope, request.query, at, true);
      },
    );
  };
}
