import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/database';
import { type DeliveryTask, deliverJobs } from './delivery/deliver';
import { type ExecutionDetailInput, insertExecutionDetails } from './execution-details.repository';
import type { DeliveredMessage } from './inbox-publisher';
import {
  eventsWithQueuedJobs,
  releaseLeases,
  renewLeases,
  requeueExpiredLeases,
} from './job-leases.repository';
import { completeFinishedNotifications } from './notification-completion';
import type { NotifyDeps } from './notify.deps';
import { loadStepMessages } from './step-conditions.repository';
import { askStepWebhooks, type StepWebhookQuestion } from './step-webhooks';
import type { WorkflowSnapshot } from './trigger.service';
import {
  claimQueuedJobs,
  findActor,
  insertMessages,
  loadDigestResults,
  loadEvent,
  preferencesOf,
  setJobOutcome,
  subscribersById,
} from './worker.repository';
import { planBatch, type WebhookAnswers, type WorkerBatch, type WorkerPlan } from './worker-plan';
import { ensureFeeds } from './workflows.repository';

/** Jobs handled per transaction. */
export const WORKER_BATCH = 2000;

type WorkerDeps = Pick<NotifyDeps, 'db' | 'now' | 'inbox' | 'log' | 'keys' | 'delivery'> & {
  /** Who holds the leases this worker takes and for how long (default: this process, 30 s). */
  lease?: JobLease;
};

/** The lease a worker puts on the jobs it delivers: its owner name and duration. */
export type JobLease = { owner: string; ms: number };

/** The default lease: this process (host, pid and a random part) for 30 s, renewed every 10 s. */
export const DEFAULT_LEASE: JobLease = {
  owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
  ms: 30_000,
};

/** Reads a batch of the event's queued jobs and what planning them needs; null when none is queued. */
async function loadBatch(trx: Db, eventId: number, now: number): Promise<WorkerBatch | null> {
  const jobs = await claimQueuedJobs(trx, eventId, WORKER_BATCH);
  if (jobs.length === 0) return null;
  const event = await loadEvent(trx, eventId);
  const workflow = JSON.parse(event.workflow) as WorkflowSnapshot;
  const environment = { id: event.environmentId, organizationId: event.organizationId };
  const subscriberIds = [...new Set(jobs.map((job) => job.subscriberId))];
  const subscribers = await subscribersById(trx, subscriberIds);
  const actorId =
    event.actor === null ? null : (JSON.parse(event.actor) as { subscriberId: string }).subscriberId;
  const actor = actorId === null ? undefined : await findActor(trx, event.environmentId, actorId);
  const preferences = await preferencesOf(trx, subscriberIds, workflow.id);
  const feedIdentifiers = workflow.steps
    .filter((step) => step.type === 'in_app' && step.feedIdentifier)
    .map((step) => step.feedIdentifier as string);
  const feeds = await ensureFeeds(trx, environment, feedIdentifiers, now);
  const notificationIds = [...new Set(jobs.map((job) => job.notificationId))];
  // Steps after a fired digest read its events (`step.events`, `step.total_count`).
  // (Jobs come from the event's workflow snapshot: without a digest step there is nothing to read.)
  const digests = workflow.steps.some((step) => step.type === 'digest')
    ? await loadDigestResults(trx, notificationIds)
    : new Map<number, never>();
  // previousStep conditions read the in-app messages earlier steps left in the same notification.
  const stepMessages = workflow.steps.some((step) =>
    step.filters.some((f) => f.children.some((c) => c.on === 'previousStep')),
  )
    ? await loadStepMessages(trx, notificationIds)
    : new Map<number, never>();
  return { eventId, jobs, event, workflow, subscribers, actor, preferences, feeds, digests, stepMessages };
}

/**
 * Writes a batch's plan: the in-app messages (multi-row inserts; a re-run job re-arms its
 * message), the jobs' new states (one statement per state), the execution details with their
 * message ids, and finishes the notifications whose jobs are all done. Returns the messages the
 * inbox is told of.
 */
async function settleBatch(
  trx: Db,
  batch: WorkerBatch,
  plan: WorkerPlan,
  now: number,
  lease: JobLease,
): Promise<DeliveredMessage[]> {
  const messageIdByJob = await insertMessages(trx, plan.messages);
  for (const status of ['completed', 'skipped', 'failed', 'running'] as const) {
    await setJobOutcome(trx, plan.transitions[status], status, now, lease);
  }
  const details: ExecutionDetailInput[] = plan.details.map((detail) => ({
    ...detail,
    messageId:
      detail.jobId === null || detail.jobId === undefined ? null : (messageIdByJob.get(detail.jobId) ?? null),
  }));
  const { event, eventId } = batch;
  // Notifications with nothing left to run are done ("trigger processed").
  details.push(
    ...(await completeFinishedNotifications(
      trx,
      batch.jobs.map((job) => ({
        ...job,
        environmentId: event.environmentId,
        organizationId: event.organizationId,
        eventId,
      })),
      now,
    )),
  );
  await insertExecutionDetails(trx, details);
  return plan.messages.flatMap((message) => {
    const id = messageIdByJob.get(message.jobId);
    return id === undefined ? [] : [{ id, subscriberId: message.subscriberId }];
  });
}

/** One batch of an event's queued jobs in one transaction: load → plan → settle. Null when none was queued. */
async function processBatch(
  trx: Db,
  deps: WorkerDeps,
  eventId: number,
  webhookAnswers: WebhookAnswers,
): Promise<{
  delivered: DeliveredMessage[];
  deliveries: DeliveryTask[];
  full: boolean;
  questions: StepWebhookQuestion[];
} | null> {
  const now = deps.now();
  const batch = await loadBatch(trx, eventId, now);
  if (batch === null) return null;
  const plan = planBatch(batch, { now, webhookAnswers, filesHost: deps.delivery?.filesHost });
  const delivered = await settleBatch(trx, batch, plan, now, deps.lease ?? DEFAULT_LEASE);
  return {
    delivered,
    deliveries: plan.deliveries,
    full: batch.jobs.length === WORKER_BATCH,
    questions: plan.questions,
  };
}

/** Runs every queued job of an event, batch by batch, telling the inbox after each commit. */
export async function processEvent(deps: WorkerDeps, eventId: number): Promise<void> {
  const webhookAnswers: WebhookAnswers = new Map();
  for (;;) {
    const batch = await deps.db
      .transaction()
      .execute((trx) => processBatch(trx, deps, eventId, webhookAnswers));
    if (batch === null) return;
    if (batch.delivered.length > 0) deps.inbox.messagesDelivered(batch.delivered);
    if (batch.deliveries.length > 0) await deliverLeased(deps, batch.deliveries);
    if (batch.questions.length > 0) {
      // Asked outside the transaction; the waiting jobs run in the next batch (each asked once).
      const asked = await askStepWebhooks(batch.questions, {
        log: deps.log,
        ...(deps.delivery?.network ? { network: deps.delivery.network } : {}),
      });
      for (const [key, answer] of asked) webhookAnswers.set(key, answer);
      continue;
    }
    // A short batch took every queued job: no empty transaction to learn that (steps queued
    // meanwhile by the scheduler are enqueued again by it).
    if (!batch.full) return;
  }
}

/** Delivers claimed jobs while renewing their lease (a third of its duration at a time). */
async function deliverLeased(deps: WorkerDeps, tasks: readonly DeliveryTask[]): Promise<void> {
  const lease = deps.lease ?? DEFAULT_LEASE;
  const ids = tasks.map((task) => task.job.id);
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = renewLeases(deps.db, lease.owner, ids, deps.now() + lease.ms).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'notification job lease renewal failed'),
      );
    },
    Math.max(100, Math.floor(lease.ms / 3)),
  );
  try {
    await deliverJobs(deps, tasks);
  } finally {
    clearInterval(timer);
    await renewing;
  }
}

/**
 * Events with work to pick up: queued jobs, and running jobs whose lease expired (their process
 * died), which go back to queued first. Running jobs a live process holds are left alone.
 */
export async function pendingEventIds(db: Db, now: number): Promise<number[]> {
  await requeueExpiredLeases(db, now);
  return eventsWithQueuedJobs(db);
}

/** Ends this process's leases now (shutdown), so another process takes its running jobs at once. */
export function releaseJobLeases(db: Db, now: number, lease: JobLease = DEFAULT_LEASE): Promise<void> {
  return releaseLeases(db, lease.owner, now);
}
