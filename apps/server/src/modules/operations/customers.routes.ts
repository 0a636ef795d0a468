import { ZCustomerPage, ZCustomerPageQuery, ZNetworkCustomerPageQuery } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { sendListCsv, wantsCsv } from '../../http/csv-export';
import { READ_ERRORS, type ReadDeps } from '../../http/read-route';
import { COMPILED_JSON } from '../../http/response-serializer';
import { networkScope, stationScope } from '../../lib/scope/scope';
import { ZStationSlugParams } from '../stations/stations.routes';
import { listCustomers } from './customers.service';

export function customersRoutes({ db, now }: ReadDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stations/:slug/customers',
      {
        ...COMPILED_JSON,
        config: { grant: 'customers:r' },
        schema: {
          tags: ['operations'],
          summary: "A station's customers ranked by quantity bought in a time window",
          params: ZStationSlugParams,
          querystring: ZCustomerPageQuery,
          response: { 200: ZCustomerPage, ...READ_ERRORS },
        },
      },
      async (request, reply) => {
        const { scope } = await stationScope(db, requireCaller(request), request.params.slug);
        const at = now();
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: `${request.params.slug}-customers`,
            schema: ZCustomerPage,
            now: at,
            list: (paging) => listCustomers(db, scope, { ...request.query, ...paging }, at),
          });
        }
        return listCustomers(db, scope, request.query, at);
      },
    );

    app.get(
      '/api/customers',
      {
        ...COMPILED_JSON,
        config: { grant: 'customers:r' },
        schema: {
          tags: ['operations'],
          summary: 'Customers across every visible station (or the `station` ids given), by quantity bought',
          querystring: ZNetworkCustomerPageQuery,
          response: { 200: ZCustomerPage, ...READ_ERRORS },
        },
      },
      async (request, reply) => {
        const scope = await networkScope(db, requireCaller(request), request.query.station);
        const at = now();
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: 'customers',
            schema: ZCustomerPage,
            now: at,
            list: (paging) => listCustomers(db, scope, { ...request.query, ...paging }, at),
          });
        }
        return listCustomers(db, scope, request.query, at);
      },
    );
  };
}
