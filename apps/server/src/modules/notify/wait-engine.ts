import type { TWorkflowStep } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { delayDueAt } from './delay';
import { backoffSince, digestKeyValue, digestKind, digestWindowEnd } from './digest';
import {
  EXECUTION_TEXT,
  type ExecutionDetailInput,
  insertExecutionDetails,
} from './execution-details.repository';
import type { TJobRow } from './jobs';
import { completeFinishedNotifications } from './notification-completion';
import type { NotifyDeps, NotifyQueue } from './notify.deps';
import {
  armPendingStep,
  chunks,
  claimDueJobs,
  completeDigestLeads,
  eventRows,
  mergedEventsByPointer,
  mergedEventsByWindow,
  mergeIntoOpenWindows,
  queuePendingSteps,
  requeueJobs,
  setDigestKey,
  setJobsStatus,
  setRunAt,
  skipStepsAfter,
  subscribersWithRecentDigest,
  unarmedWaits,
} from './scheduler.repository';
import type { WorkflowSnapshot } from './trigger.service';

/**
 * The digest and delay engine. A waiting step is a `delayed` job whose due time is `run_at`
 * (persisted: a restart resumes it). The trigger arms the first wait of each notification
 * (`armWaitingJobs`, in the trigger's transaction); the scheduler fires due jobs set-based
 * (`runDueJobs`: `… where status = 'delayed' and run_at <= now order by run_at, id limit n`, then
 * an `UPDATE … where status = 'delayed'` claim, so two workers never fire one job; PostgreSQL adds
 * `for update skip locked`). Firing completes the wait, queues the steps after it up to the next
 * wait, arms that one, and hands the events to the job queue, which delivers as for any trigger.
 *
 * Digests: the first event of a subscriber (per workflow, step and digest key) is the lead job
 * and opens the window; later events in the window are `merged` into it (`merged_into`), their own
 * later steps `skipped`. When the lead fires it stores the events it collected (`digest_events`)
 * for the templates of the steps after it (`step.events`, `step.total_count`).
 */

/** Due jobs fired per transaction. */
export const SCHEDULER_BATCH = 500;
const WAIT_TYPES = ['digest', 'delay'];

type WaitJob = TJobRow;

type EventInfo = { workflow: WorkflowSnapshot; payload: Record<string, unknown>; createdAt: number };

/** What one transaction of the engine did: the events whose queued jobs the queue must run. */
type Run = {
  events: Set<number>;
  eventInfo: Map<number, EventInfo>;
  now: number;
  /** NOTIFY_FEATURES `merged-digest-id`: merged digest jobs point at their lead (`merged_into`). */
  mergedDigestId: boolean;
};

const newRun = (now: number, mergedDigestId: boolean): Run => ({
  events: new Set(),
  eventInfo: new Map(),
  now,
  mergedDigestId,
});

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

async function loadEvents(trx: Db, run: Run, eventIds: readonly number[]): Promise<void> {
  const missing = [...new Set(eventIds)].filter((id) => !run.eventInfo.has(id));
  for (const row of await eventRows(trx, missing)) {
    run.eventInfo.set(row.id, {
      workflow: JSON.parse(row.workflow) as WorkflowSnapshot,
      payload: JSON.parse(row.payload) as Record<string, unknown>,
      createdAt: row.createdAt,
    });
  }
}

function detail(
  job: WaitJob,
  now: number,
  code: ExecutionDetailInput['code'],
  status: ExecutionDetailInput['status'],
  text: string,
): ExecutionDetailInput {
  return {
    environmentId: job.environmentId,
    organizationId: job.organizationId,
    eventId: job.eventId,
    notificationId: job.notificationId,
    jobId: job.id,
    subscriberId: job.subscriberId,
    workflowId: job.workflowId,
    transactionId: job.transactionId,
    channel: job.type,
    code,
    status,
    detail: text,
    createdAt: now,
  };
}

/** The steps after `stepIndex` of notifications that will not continue: `skipped`. */
async function skipRest(trx: Db, jobs: readonly WaitJob[], now: number): Promise<void> {
  for (const [, group] of groupBy(jobs, (job) => String(job.stepIndex))) {
    await skipStepsAfter(
      trx,
      group.map((job) => job.notificationId),
      group[0]?.stepIndex ?? 0,
      now,
    );
  }
}

/** Notifications with nothing left to run are done ("trigger processed", execution code 1009). */
async function finishNotifications(trx: Db, jobs: readonly WaitJob[], now: number): Promise<void> {
  await insertExecutionDetails(trx, await completeFinishedNotifications(trx, jobs, now));
}

/**
 * Arms waiting jobs (`delayed` without a due time): those of a new trigger (`eventId`) or those a
 * fired wait reached (`jobIds`). Delays get their due time; digests join an open window of the
 * same subscriber, workflow, step and digest key (`merged`) or open one; a backoff digest with no
 * event of that group within its backoff window, and a delay already due, fire at once.
 */
export function armWaitingJobs(
  trx: Db,
  filter: { eventId: number } | { jobIds: readonly number[] },
  now: number,
  options: { mergedDigestId?: boolean } = {},
): Promise<Set<number>> {
  return armWaiting(trx, filter, now, newRun(now, options.mergedDigestId ?? true));
}

async function armWaiting(
  trx: Db,
  filter: { eventId: number } | { jobIds: readonly number[] },
  now: number,
  run: Run,
): Promise<Set<number>> {
  const jobs = await unarmedWaits(trx, filter);
  if (jobs.length === 0) return run.events;
  await loadEvents(
    trx,
    run,
    jobs.map((job) => job.eventId),
  );

  const fireNow: WaitJob[] = [];
  const details: ExecutionDetailInput[] = [];
  for (const [, group] of groupBy(jobs, (job) => `${job.eventId}:${job.stepIndex}`)) {
    const first = group[0] as WaitJob;
    const event = run.eventInfo.get(first.eventId) as EventInfo;
    const step =
      event.workflow.steps[first.stepIndex] ?? event.workflow.steps.find((s) => s.id === first.stepId);
    if (!step) {
      await setJobsStatus(
        trx,
        group.map((job) => job.id),
        'failed',
        now,
        'step not found',
      );
      await skipRest(trx, group, now);
      for (const job of group) details.push(detail(job, now, 1002, 'Failed', EXECUTION_TEXT[1002]));
      continue;
    }
    if (first.type === 'delay') {
      const due = delayDueAt(step.metadata, event.payload, now);
      if (!due.ok) {
        await setJobsStatus(
          trx,
          group.map((job) => job.id),
          'failed',
          now,
          due.error,
        );
        await skipRest(trx, group, now);
        for (const job of group)
          details.push(detail(job, now, 3011, 'Failed', `${EXECUTION_TEXT[3011]}: ${due.error}`));
        continue;
      }
      if (due.runAt <= now) {
        fireNow.push(...group);
        continue;
      }
      await setRunAt(
        trx,
        group.map((job) => job.id),
        due.runAt,
        now,
      );
      const text = `Delay: waiting until ${new Date(due.runAt).toISOString()}`;
      for (const job of group) details.push(detail(job, now, 1009, 'Pending', text));
      continue;
    }
    fireNow.push(...(await armDigest(trx, group, step, event, run, details)));
  }
  await insertExecutionDetails(trx, details);
  if (fireNow.length > 0) await fireJobs(trx, fireNow, run);
  return run.events;
}

/** One digest step of one event for its subscribers; returns the jobs to fire at once (backoff). */
async function armDigest(
  trx: Db,
  group: readonly WaitJob[],
  step: TWorkflowStep,
  event: EventInfo,
  run: Run,
  details: ExecutionDetailInput[],
): Promise<WaitJob[]> {
  const { now } = run;
  const first = group[0] as WaitJob;
  const key = digestKeyValue(step.metadata, event.payload);
  const kind = digestKind(step.metadata);
  await setDigestKey(
    trx,
    group.map((job) => job.id),
    key,
  );
  const digestGroup = {
    environmentId: first.environmentId,
    workflowId: first.workflowId,
    stepId: first.stepId,
    eventId: first.eventId,
    key,
  };

  let toDigest = [...group];
  const fireNow: WaitJob[] = [];
  if (kind === 'backoff') {
    const since = backoffSince(step.metadata, now);
    const recent = await subscribersWithRecentDigest(
      trx,
      digestGroup,
      group.map((job) => job.subscriberId),
      since,
    );
    toDigest = group.filter((job) => recent.has(job.subscriberId));
    fireNow.push(...group.filter((job) => !recent.has(job.subscriberId)));
  }
  if (toDigest.length === 0) return fireNow;

  // Join an open window (due later than now) of the same group: the lead job is locked first on
  // PostgreSQL, so a scheduler firing it at this moment is waited for (then it is no longer open).
  const merged = await mergeIntoOpenWindows(trx, digestGroup, toDigest, now, run.mergedDigestId);
  const joined = toDigest.filter((job) => merged.has(job.id));
  const leads = toDigest.filter((job) => !merged.has(job.id));
  if (joined.length > 0) {
    await skipRest(trx, joined, now);
    for (const job of joined)
      details.push(detail(job, now, 1009, 'Success', 'Digest: merged into an open digest'));
    await finishNotifications(trx, joined, now);
  }
  if (leads.length > 0) {
    const end = digestWindowEnd(step.metadata, now);
    if (end <= now) {
      fireNow.push(...leads);
    } else {
      await setRunAt(
        trx,
        leads.map((job) => job.id),
        end,
        now,
      );
      const text = `Digest: collecting events until ${new Date(end).toISOString()}`;
      for (const job of leads) details.push(detail(job, now, 1009, 'Pending', text));
    }
  }
  return fireNow;
}

/**
 * Completes waits (claimed as `running` by the scheduler, or firing at once when armed): a delay
 * is done; a digest lead stores the events it collected (its own and those merged into it, oldest
 * first). Then the steps after each wait run.
 */
async function fireJobs(trx: Db, jobs: readonly WaitJob[], run: Run): Promise<void> {
  const { now } = run;
  await loadEvents(
    trx,
    run,
    jobs.map((job) => job.eventId),
  );
  const details: ExecutionDetailInput[] = [];
  const delays = jobs.filter((job) => job.type === 'delay');
  const digests = jobs.filter((job) => job.type === 'digest');
  await setJobsStatus(
    trx,
    delays.map((job) => job.id),
    'completed',
    now,
  );
  for (const job of delays)
    details.push(detail(job, now, 1009, 'Success', 'Delay: finished, the workflow continues'));

  const mergedByLead = run.mergedDigestId
    ? await mergedEventsByPointer(
        trx,
        digests.map((job) => job.id),
      )
    : await mergedEventsByWindow(
        trx,
        digests.map((job) => job.id),
        now,
      );
  // Leads without merged events share their event's single payload: one update per event.
  const alone = digests.filter((job) => !mergedByLead.has(job.id));
  for (const [eventId, group] of groupBy(alone, (job) => String(job.eventId))) {
    const events = JSON.stringify([run.eventInfo.get(Number(eventId))?.payload ?? {}]);
    await completeDigestLeads(
      trx,
      group.map((job) => job.id),
      events,
      now,
    );
  }
  for (const job of digests) {
    const others = mergedByLead.get(job.id);
    const count = 1 + (others?.length ?? 0);
    if (others) {
      const events = [run.eventInfo.get(job.eventId)?.payload ?? {}, ...others];
      await completeDigestLeads(trx, [job.id], JSON.stringify(events), now);
    }
    details.push(
      detail(job, now, 1009, 'Success', `Digest: sent with ${count} event${count === 1 ? '' : 's'}`),
    );
  }
  await insertExecutionDetails(trx, details);
  await advance(trx, jobs, run);
}

/**
 * After a wait: its notification's `pending` steps up to the next wait are `queued` (the queue
 * runs them), the next wait is armed, and notifications with nothing left are finished.
 */
async function advance(trx: Db, fired: readonly WaitJob[], run: Run): Promise<void> {
  const { now } = run;
  const nextWaits: number[] = [];
  for (const [, group] of groupBy(fired, (job) => `${job.eventId}:${job.stepIndex}`)) {
    const first = group[0] as WaitJob;
    const steps = run.eventInfo.get(first.eventId)?.workflow.steps ?? [];
    const next = steps.findIndex(
      (step, index) =>
        index > first.stepIndex && step.active && (step.type === 'digest' || step.type === 'delay'),
    );
    for (const chunk of chunks(group.map((job) => job.notificationId))) {
      const queued = await queuePendingSteps(trx, chunk, first.stepIndex, next, now);
      if (queued > 0) run.events.add(first.eventId);
      if (next < 0) continue;
      const armed = await armPendingStep(trx, chunk, next, now);
      nextWaits.push(...armed);
    }
  }
  if (nextWaits.length > 0) await armWaiting(trx, { jobIds: nextWaits }, now, run);
  await finishNotifications(trx, fired, now);
}

/**
 * Fires every wait due at `now`, batch by batch, each batch in one transaction: pick due jobs in
 * due order, claim them with a guarded UPDATE (only rows still `delayed` are taken; PostgreSQL
 * also skips rows another worker holds), fire, and queue the events that have steps to run.
 * Returns how many jobs were fired.
 */
export async function runDueJobs(
  deps: Pick<NotifyDeps, 'db' | 'now'> & Partial<Pick<NotifyDeps, 'features'>>,
  queue: NotifyQueue,
): Promise<number> {
  const mergedDigestId = deps.features?.['merged-digest-id'] !== false;
  let fired = 0;
  for (;;) {
    const now = deps.now();
    const batch = await deps.db.transaction().execute(async (trx) => {
      const { picked, claimed } = await claimDueJobs(trx, now, SCHEDULER_BATCH);
      if (picked === 0) return null;
      const run = newRun(now, mergedDigestId);
      // A channel job waiting for its next delivery attempt goes back to the queue.
      const retries = claimed.filter((job) => !WAIT_TYPES.includes(job.type));
      const waits = claimed.filter((job) => WAIT_TYPES.includes(job.type));
      if (retries.length > 0) {
        await requeueJobs(
          trx,
          retries.map((job) => job.id),
          now,
        );
        for (const job of retries) run.events.add(job.eventId);
      }
      if (waits.length > 0) await fireJobs(trx, waits, run);
      return { picked, claimed: claimed.length, events: run.events };
    });
    if (batch === null) return fired;
    fired += batch.claimed;
    for (const eventId of batch.events) queue.enqueue(eventId);
    if (batch.picked < SCHEDULER_BATCH) return fired;
  }
}
