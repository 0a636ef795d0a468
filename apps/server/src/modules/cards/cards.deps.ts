import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';

/** What the cards module needs: the database, the clock and the event bus. */
export type CardsDeps = { db: Db; now: () => number; events: DomainEventBus };
