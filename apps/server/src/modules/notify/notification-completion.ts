import type { Db } from '../../db/database';
import { EXECUTION_TEXT, type ExecutionDetailInput } from './execution-details.repository';
import type { TJobRef } from './jobs';
import { completeNotificationsWithoutOpenJobs } from './notifications.repository';

/** What completing a notification needs to know of one of its jobs. */
export type TCompletionJob = Omit<TJobRef, 'id'>;

const CHUNK = 500;

/**
 * Marks the notifications of `jobs` whose jobs have all ended as completed and returns their
 * "trigger processed" details (code 1009) for the caller to write with its own. The worker, the
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
  if (ids.length === 0) return details;
  for (let start = 0; start < ids.length; start += CHUNK) {
    const completed = await completeNotificationsWithoutOpenJobs(trx, ids.slice(start, start + CHUNK), now);
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
