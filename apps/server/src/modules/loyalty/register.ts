import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';
import { loyaltyRoutes } from './loyalty.routes';

/** Loyalty programmes: their ledger of points and the settlements paid to stations. */
export async function registerLoyalty(
  app: FastifyInstance,
  options: { db: Db; now: () => number; events: DomainEventBus },
): Promise<void> {
  await app.register(loyaltyRoutes({ db: options.db, now: options.now, events: options.events }));
}
