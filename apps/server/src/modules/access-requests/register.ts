import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';
import { accessRequestsRoutes } from './access-requests.routes';

/** Station access requests (`/api/access-requests`). */
export async function registerAccessRequests(
  app: FastifyInstance,
  options: { db: Db; now: () => number; events: DomainEventBus },
): Promise<void> {
  await app.register(accessRequestsRoutes(options));
}
