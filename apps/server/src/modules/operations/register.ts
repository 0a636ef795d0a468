import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReadDeps } from '../../http/read-route';
import { challansRoutes } from './challans.routes';
import { customersRoutes } from './customers.routes';
import { paymentsRoutes } from './payments.routes';
import { transactionsRoutes } from './transactions.routes';
import { vehiclesRoutes } from './vehicles.routes';

/** Every operations list: transactions, payments, vehicles and sightings, challans, customers. */
export function operationsRoutes(deps: ReadDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(transactionsRoutes(deps));
    await app.register(paymentsRoutes(deps));
    await app.register(vehiclesRoutes(deps));
    await app.register(challansRoutes(deps));
    await app.register(customersRoutes(deps));
  };
}
