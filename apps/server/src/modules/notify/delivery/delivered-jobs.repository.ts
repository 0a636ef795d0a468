import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database';
import type { NotifyMessagesTable } from '../../../db/schema';

/** SQL of settling a delivered job: its new state and the message it left. */

/** A running job becomes completed, failed or delayed (retried at `runAt`); others are left alone. */
export async function settleDeliveredJob(
  trx: Db,
  jobId: number,
  result: { status: 'completed' | 'failed' | 'delayed'; runAt?: number },
  now: number,
): Promise<void> {
  await trx
    .updateTable('notifyJobs')
    .set({
      status: result.status,
      updatedAt: now,
      runAt: result.status === 'delayed' ? (result.runAt ?? now) : null,
      error:
        result.status === 'failed'
          ? 'delivery failed (see execution details)'
          : result.status === 'delayed'
            ? 'waiting for the next delivery attempt'
            : null,
    })
    .where('id', '=', jobId)
    .where('status', '=', 'running')
    .execute();
}

/** Stores the job's message; a retried job updates the one it has. Returns the message id. */
export async function upsertDeliveredMessage(
  trx: Db,
  message: Insertable<NotifyMessagesTable>,
): Promise<number> {
  const row = await trx
    .insertInto('notifyMessages')
    .values(message)
    .onConflict((oc) =>
      oc.column('jobId').doUpdateSet((eb) => ({
        content: eb.ref('excluded.content'),
        subject: eb.ref('excluded.subject'),
        status: eb.ref('excluded.status'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
