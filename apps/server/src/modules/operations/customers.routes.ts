import { ZCustomerPage, ZCustomerPageQuery, ZNetworkCustomerPageQuery } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { COMPILED_JSON } from '../../http/response-serializer';
import { ZStationSlugParams } from '../stations/stations.routes';
import { listCustomers } from './customers.service';
import { READ_ERRORS, type ReadDeps } from './deps';
import { networkScope, stationScope } from './scope';

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
      async (request) => {
        const { scope } = await stationScope(db, requireCaller(request), request.params.slug);
        return listCustomers(db, scope, request.query, now(), false);
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
      async (request) => {
        const scope = await networkScope(db, requireCaller(request), request.query.station);
        return listCustomers(db, scope, request.query, now(), true);
      },
    );
  };
}
