import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { NotifyDeliveryAttemptsTable } from '../../../db/schema';

/** Sends to providers as recorded when the vendor answered (migration 0013). */

export type AttemptRow = Selectable<NotifyDeliveryAttemptsTable>;
export type NewAttempt = Insertable<NotifyDeliveryAttemptsTable>;

/** Records one send's outcome at once (its own statement: no transaction is held over a send). */
export async function recordAttempt(db: Db, attempt: NewAttempt): Promise<AttemptRow> {
  return db.insertInto('notifyDeliveryAttempts').values(attempt).returningAll().executeTakeFirstOrThrow();
}

/** Every recorded send of these jobs, oldest first. */
export async function attemptsOfJobs(db: Db, jobIds: readonly number[]): Promise<AttemptRow[]> {
  const rows: AttemptRow[] = [];
  for (let start = 0; start < jobIds.length; start += 500) {
    rows.push(
      ...(await db
        .selectFrom('notifyDeliveryAttempts')
        .selectAll()
        .where('jobId', 'in', jobIds.slice(start, start + 500))
        .orderBy('id')
        .execute()),
    );
  }
  return rows;
}

/** Marks attempts whose execution details were written (in the settle transaction). */
export async function markAttemptsSettled(trx: Db, ids: readonly number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 500) {
    await trx
      .updateTable('notifyDeliveryAttempts')
      .set({ settled: 1 })
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
  }
}

/** The newest recorded send of each integration of an environment. */
export async function lastAttempts(
  db: Db,
  environmentId: number,
  integrationIds: readonly number[],
): Promise<Map<number, AttemptRow>> {
  const out = new Map<number, AttemptRow>();
  if (integrationIds.length === 0) return out;
  const rows = await db
    .selectFrom('notifyDeliveryAttempts')
    .selectAll()
    .where('environmentId', '=', environmentId)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifyDeliveryAttempts')
        .select((e) => e.fn.max('id').as('id'))
        .where('integrationId', 'in', [...integrationIds])
        .groupBy('integrationId'),
    )
    .execute();
  for (const row of rows) out.set(row.integrationId, row);
  return out;
}
