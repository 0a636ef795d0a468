import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';

/** What the loyalty module needs: the database, the clock windows end at, the event bus. */
export type LoyaltyDeps = { db: Db; now: () => number; events: DomainEventBus };
