import type { Db } from '../../db/database';
import type { PreviousStepState } from './conditions';

/**
 * The in-app messages of these notifications, per notification and step: what `previousStep`
 * conditions read (read / seen).
 */
export async function loadStepMessages(
  db: Db,
  notificationIds: readonly number[],
): Promise<Map<number, Map<string, PreviousStepState>>> {
  const byNotification = new Map<number, Map<string, PreviousStepState>>();
  for (let start = 0; start < notificationIds.length; start += 500) {
    const rows = await db
      .selectFrom('notifyMessages')
      .select(['notificationId', 'stepId', 'read', 'seen'])
      .where('notificationId', 'in', notificationIds.slice(start, start + 500))
      .where('channel', '=', 'in_app')
      .execute();
    for (const row of rows) {
      const steps = byNotification.get(row.notificationId) ?? new Map<string, PreviousStepState>();
      steps.set(row.stepId, { read: row.read === 1, seen: row.seen === 1 });
      byNotification.set(row.notificationId, steps);
    }
  }
  return byNotification;
}
