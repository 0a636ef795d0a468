import type { Db } from '../../db/database';

/** SQL of the admin activity screens: triggers newest first, their jobs, details and subscribers. */

/** Strips LIKE wildcards so a search is literal on SQLite and PostgreSQL alike. */
const literal = (text: string) => text.replace(/[\\%_]/g, '').toLowerCase();

/** The trigger a cursor names, when it is one of the environment's. */
export function findEventCursor(db: Db, environmentId: number, id: number) {
  return db
    .selectFrom('notifyEvents')
    .select(['id', 'createdAt'])
    .where('environmentId', '=', environmentId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Triggers newest first (after `after` when given), at most `limit`. */
export function activityRows(
  db: Db,
  environmentId: number,
  query: { limit: number; transactionId?: string; after?: { id: number; createdAt: number } },
) {
  let base = db.selectFrom('notifyEvents as e').where('e.environmentId', '=', environmentId);
  if (query.transactionId) base = base.where('e.transactionId', '=', query.transactionId);
  const { after } = query;
  if (after) {
    base = base.where((eb) =>
      eb.or([
        eb('e.createdAt', '<', after.createdAt),
        eb.and([eb('e.createdAt', '=', after.createdAt), eb('e.id', '<', after.id)]),
      ]),
    );
  }
  return base
    .select([
      'e.id',
      'e.transactionId',
      'e.triggerIdentifier',
      'e.workflowId',
      'e.status',
      'e.source',
      'e.createdAt',
      'e.canceledAt',
    ])
    .orderBy('e.createdAt', 'desc')
    .orderBy('e.id', 'desc')
    .limit(query.limit)
    .execute();
}

/** Per trigger: jobs by status, notifications, and failed execution details. */
export async function activityCounts(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return { jobCounts: [], notificationCounts: [], errorCounts: [] };
  const jobCounts = await db
    .selectFrom('notifyJobs')
    .select(['eventId', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('eventId', 'in', ids)
    .groupBy(['eventId', 'status'])
    .execute();
  const notificationCounts = await db
    .selectFrom('notifyNotifications')
    .select(['eventId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('eventId', 'in', ids)
    .groupBy('eventId')
    .execute();
  const errorCounts = await db
    .selectFrom('notifyExecutionDetails')
    .select(['eventId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('eventId', 'in', ids)
    .where('status', '=', 'Failed')
    .groupBy('eventId')
    .execute();
  return { jobCounts, notificationCounts, errorCounts };
}

export function findEvent(db: Db, environmentId: number, id: number) {
  return db
    .selectFrom('notifyEvents')
    .selectAll()
    .where('environmentId', '=', environmentId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A trigger's jobs by notification and step, with the subscriber's own id; at most `limit`. */
export function eventJobs(db: Db, eventId: number, limit: number) {
  return db
    .selectFrom('notifyJobs as j')
    .leftJoin('notifySubscribers as s', 's.id', 'j.subscriberId')
    .select([
      'j.id',
      'j.notificationId',
      'j.stepId',
      'j.stepIndex',
      'j.type',
      'j.status',
      'j.error',
      'j.runAt',
      'j.digestKey',
      'j.createdAt',
      'j.updatedAt',
      's.subscriberId as externalSubscriberId',
    ])
    .where('j.eventId', '=', eventId)
    .orderBy('j.notificationId')
    .orderBy('j.stepIndex')
    .limit(limit)
    .execute();
}

/** A trigger's execution details in order, with the subscriber's own id; at most `limit`. */
export function eventDetails(db: Db, eventId: number, limit: number) {
  return db
    .selectFrom('notifyExecutionDetails as d')
    .leftJoin('notifySubscribers as s', 's.id', 'd.subscriberId')
    .selectAll('d')
    .select('s.subscriberId as externalSubscriberId')
    .where('d.eventId', '=', eventId)
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/** Subscribers whose id is `q` or starts with it, or whose email contains it; newest first. */
export function searchSubscriberRows(db: Db, environmentId: number, q: string, limit: number) {
  const text = literal(q);
  let query = db.selectFrom('notifySubscribers').selectAll().where('environmentId', '=', environmentId);
  if (text !== '') {
    query = query.where((eb) =>
      eb.or([
        eb('subscriberId', '=', q),
        eb(eb.fn('lower', ['subscriberId']), 'like', `${text}%`),
        eb(eb.fn('lower', ['email']), 'like', `%${text}%`),
      ]),
    );
  }
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
