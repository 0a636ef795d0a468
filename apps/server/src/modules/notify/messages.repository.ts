import { sqlDirection, type TSortDirection } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/paging';
import type { MessageRow } from './messages.presenter';

export function findMessagesByIds(db: Db, ids: readonly number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('notifyMessages')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

/** `GET /v1/messages`: an environment's messages, newest first, with Novu's filters. */
export async function listEnvironmentMessages(
  db: Db,
  environmentId: number,
  query: {
    page: number;
    limit: number;
    channel?: string;
    subscriberId?: string;
    transactionIds?: string[];
    orderDirection?: TSortDirection | undefined;
  },
) {
  let base = db.selectFrom('notifyMessages').where('environmentId', '=', environmentId);
  if (query.channel) base = base.where('channel', '=', query.channel);
  if (query.transactionIds && query.transactionIds.length > 0)
    base = base.where('transactionId', 'in', query.transactionIds);
  if (query.subscriberId !== undefined) {
    const subscriberId = query.subscriberId;
    base = base.where('subscriberId', 'in', (eb) =>
      eb
        .selectFrom('notifySubscribers')
        .select('notifySubscribers.id')
        .where('notifySubscribers.environmentId', '=', environmentId)
        .where('notifySubscribers.subscriberId', '=', subscriberId),
    );
  }
  const rows = await base
    .selectAll()
    .orderBy('createdAt', sqlDirection(query.orderDirection))
    .orderBy('id', sqlDirection(query.orderDirection))
    .limit(query.limit + 1)
    .offset(query.page * query.limit)
    .execute();
  const { count } = await countCapped(db, base.select('notifyMessages.id'));
  return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit, count };
}
