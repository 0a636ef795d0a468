import type { Db } from '../../db/database';
import { EXECUTION_TEXT, type ExecutionDetailInput } from './execution-details.repository';
import type { TJobRef } from './jobs';

/** What completing a notification needs to know of one of its jobs. */
export type TCompletionJob = Omit<TJobRef, 'id'>;

/** Job states that still have work to do. */
const OPEN_JOB_STATUSES = ['queued', 'running', 'pending', 'delayed'] as const;
const CHUNK = 500;

/**
 * Marks the notifications of `jobs` whose jobs have all ended as completed and returns their
 * "trigger processed" details (spec §8 1009) for the caller to write with its own. The worker, the
 * wait scheduler and delivery all end notifications this one way; a notification already
 * completed is left alone, so two of them finishing at once write one detail.
 */
export async function completeFinishedNotifications(
  trx: Db,
  jobs: readonly TCompletionJob[],
  now: number,
): Promise<ExecutionDetailInput[]> {
  const byNotification = new Map(jobs.map((job) => [job.notificationId, job]));
  const ids = [...byNotification.keys()];
  const details: ExecutionDetailInput[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const open = new Set(
      (
        await trx
          .selectFrom('notifyJobs')
          .select('notificationId')
          .distinct()
          .where('notificationId', 'in', chunk)
          .where('status', 'in', OPEN_JOB_STATUSES)
          .execute()
      ).map((row) => row.notificationId),
    );
    const done = chunk.filter((id) => !open.has(id));
    if (done.length === 0) continue;
    const completed = await trx
      .updateTable('notifyNotifications')
      .set({ status: 'completed', updatedAt: now })
      .where('id', 'in', done)
      .where('status', '!=', 'completed')
      .returning('id')
      .execute();
    for (const { id } of completed) {
      const job = byNotification.get(id) as TCompletionJob;
      details.push({
        environmentId: job.environmentId,
        organizationId: job.organizationId,
        eventId: job.eventId,
        notificationId: id,
        jobId: null,
        subscriberId: job.subscriberId,
        workflowId: job.workflowId,
        transactionId: job.transactionId,
        channel: null,
        code: 1009,
        status: 'Success',
        detail: EXECUTION_TEXT[1009],
        createdAt: now,
      });
    }
  }
  return details;
}
