import { sqlDirection, type TSortDirection } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/paging';
import { bigintValue } from '../../db/sql-values';

type Environment = { id: number; organizationId: number };

export function findTopic(db: Db, environmentId: number, key: string) {
  return db
    .selectFrom('notifyTopics')
    .selectAll()
    .where('environmentId', '=', environmentId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export function insertTopic(db: Db, environment: Environment, key: string, name: string, now: number) {
  return db
    .insertInto('notifyTopics')
    .values({
      environmentId: environment.id,
      organizationId: environment.organizationId,
      key,
      name,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.columns(['environmentId', 'key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function renameTopic(db: Db, environmentId: number, key: string, name: string, now: number) {
  return db
    .updateTable('notifyTopics')
    .set({ name, updatedAt: now })
    .where('environmentId', '=', environmentId)
    .where('key', '=', key)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTopic(db: Db, environmentId: number, key: string): Promise<boolean> {
  const result = await db
    .deleteFrom('notifyTopics')
    .where('environmentId', '=', environmentId)
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The external ids of a topic's subscribers, in the order they joined. */
export async function topicSubscriberIds(db: Db, topicId: number, limit = 10_000): Promise<string[]> {
  const rows = await db
    .selectFrom('notifyTopicSubscribers as ts')
    .innerJoin('notifySubscribers as s', 's.id', 'ts.subscriberId')
    .select('s.subscriberId')
    .where('ts.topicId', '=', topicId)
    .orderBy('ts.createdAt')
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.subscriberId);
}

/** Adds the existing subscribers among `subscriberIds` (one INSERT … SELECT); returns the ones found. */
export async function addTopicSubscribers(
  db: Db,
  topic: { id: number; environmentId: number },
  subscriberIds: readonly string[],
  now: number,
): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(subscriberIds)];
  for (let start = 0; start < unique.length; start += 500) {
    const chunk = unique.slice(start, start + 500);
    await db
      .insertInto('notifyTopicSubscribers')
      .columns(['topicId', 'subscriberId', 'environmentId', 'createdAt'])
      .expression((eb) =>
        eb
          .selectFrom('notifySubscribers as s')
          .select([
            bigintValue(topic.id).as('topicId'),
            's.id as subscriberId',
            bigintValue(topic.environmentId).as('environmentId'),
            bigintValue(now).as('createdAt'),
          ])
          .where('s.environmentId', '=', topic.environmentId)
          .where('s.subscriberId', 'in', chunk),
      )
      .onConflict((oc) => oc.columns(['topicId', 'subscriberId']).doNothing())
      .execute();
    const rows = await db
      .selectFrom('notifySubscribers')
      .select('subscriberId')
      .where('environmentId', '=', topic.environmentId)
      .where('subscriberId', 'in', chunk)
      .execute();
    for (const row of rows) found.add(row.subscriberId);
  }
  return found;
}

export async function removeTopicSubscribers(
  db: Db,
  topic: { id: number; environmentId: number },
  subscriberIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(subscriberIds)];
  for (let start = 0; start < unique.length; start += 500) {
    await db
      .deleteFrom('notifyTopicSubscribers')
      .where('topicId', '=', topic.id)
      .where('subscriberId', 'in', (eb) =>
        eb
          .selectFrom('notifySubscribers')
          .select('notifySubscribers.id')
          .where('notifySubscribers.environmentId', '=', topic.environmentId)
          .where('notifySubscribers.subscriberId', 'in', unique.slice(start, start + 500)),
      )
      .execute();
  }
}

export async function listTopics(
  db: Db,
  environmentId: number,
  page: { page: number; limit: number; key?: string; orderDirection?: TSortDirection | undefined },
) {
  let base = db.selectFrom('notifyTopics').where('environmentId', '=', environmentId);
  if (page.key) base = base.where('key', '=', page.key);
  const rows = await base
    .selectAll()
    .orderBy('createdAt', sqlDirection(page.orderDirection))
    .orderBy('id', sqlDirection(page.orderDirection))
    .limit(page.limit)
    .offset(page.page * page.limit)
    .execute();
  const { count } = await countCapped(db, base.select('id'));
  return { rows, count };
}

/** Of these topics, the ones without any subscriber (a trigger to them reaches nobody). */
export async function emptyTopicIds(db: Db, topicIds: readonly number[]): Promise<Set<number>> {
  if (topicIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('notifyTopicSubscribers')
    .select('topicId')
    .distinct()
    .where('topicId', 'in', topicIds)
    .execute();
  const filled = new Set(rows.map((row) => row.topicId));
  return new Set(topicIds.filter((id) => !filled.has(id)));
}

/** The environment's topics among `keys`. */
export function topicsByKey(db: Db, environmentId: number, keys: readonly string[]) {
  return db
    .selectFrom('notifyTopics')
    .select(['id', 'key'])
    .where('environmentId', '=', environmentId)
    .where('key', 'in', keys)
    .execute();
}
