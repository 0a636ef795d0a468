import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** SQL of notifications (one per trigger and subscriber): their completion. */

/** Job states that still have work to do. */
const OPEN_JOB_STATUSES = ['queued', 'running', 'pending', 'delayed'] as const;

/**
 * One statement: of `ids`, the notifications with no open job left and not yet completed become
 * completed; returns their ids.
 */
export function completeNotificationsWithoutOpenJobs(
  trx: Db,
  ids: readonly number[],
  now: number,
): Promise<{ id: number }[]> {
  return trx
    .updateTable('notifyNotifications')
    .set({ status: 'completed', updatedAt: now })
    .where('id', 'in', ids)
    .where('status', '!=', 'completed')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifyJobs as j')
            .select(sql<number>`1`.as('one'))
            .whereRef('j.notificationId', '=', 'notifyNotifications.id')
            .where('j.status', 'in', OPEN_JOB_STATUSES),
        ),
      ),
    )
    .returning('id')
    .execute();
}
