import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';
import { cardsRoutes } from './cards.routes';

/** Cards and card activation requests. */
export async function registerCards(
  app: FastifyInstance,
  options: { db: Db; now: () => number; events: DomainEventBus },
): Promise<void> {
  await app.register(cardsRoutes({ db: options.db, now: options.now, events: options.events }));
}
