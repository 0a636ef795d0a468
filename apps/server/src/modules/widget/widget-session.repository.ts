import type { Db } from '../../db/database';

/** SQL of inbox session checks: the subscriber with its environment's key, dashboard users. */

/** The subscriber row of a session, its environment's current key hash alongside. */
export function findSessionSubscriber(db: Db, id: number) {
  return db
    .selectFrom('notifySubscribers')
    .innerJoin('notifyEnvironments', 'notifyEnvironments.id', 'notifySubscribers.environmentId')
    .select([
      'notifySubscribers.id',
      'notifySubscribers.environmentId',
      'notifySubscribers.organizationId',
      'notifySubscribers.subscriberId',
      'notifyEnvironments.secretKeyHash',
    ])
    .where('notifySubscribers.id', '=', id)
    .executeTakeFirst();
}

/** Whether `userId` is (or was) a member of the organisation: its inbox is a dashboard user's. */
export async function isOrganizationUser(db: Db, organizationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
