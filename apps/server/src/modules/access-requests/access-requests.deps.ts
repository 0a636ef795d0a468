import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';

/** What the access-requests module needs: the database, the clock and the event bus. */
export type AccessRequestsDeps = { db: Db; now: () => number; events: DomainEventBus };
