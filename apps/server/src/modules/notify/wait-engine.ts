import type { Db } from '../../db/database';
import { type ExecutionDetailInput, insertExecutionDetails } from './execution-details.repository';
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
import {
  type ArmStep,
  type EventInfo,
  groupBy,
  planArm,
  planBackoff,
  planDue,
  planFire,
  planWindow,
  type WaitJob,
} from './wait-plan';

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
 *
 * Each step is load (scheduler.repository.ts) → plan (wait-plan.ts, pure) → settle (the
 * repository again), all in the caller's transaction.
 */

/** Due jobs fired per transaction. */
export const SCHEDULER_BATCH = 500;

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

const idsOf = (jobs: readonly WaitJob[]) => jobs.map((job) => job.id);

/** Loads (once per run) the events of these ids. */
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
  // Steps settle in order: a digest window opened by one event is open to the next one's jobs.
  for (const step of planArm(jobs, run.eventInfo, now)) {
    if (step.kind === 'fail') {
      await setJobsStatus(trx, idsOf(step.jobs), 'failed', now, step.error);
      await skipRest(trx, step.jobs, now);
      details.push(...step.details);
    } else if (step.kind === 'fire') {
      fireNow.push(...step.jobs);
    } else if (step.kind === 'wait') {
      await setRunAt(trx, idsOf(step.jobs), step.runAt, now);
      details.push(...step.details);
    } else {
      fireNow.push(...(await armDigest(trx, step, run, details)));
    }
  }
  await insertExecutionDetails(trx, details);
  if (fireNow.length > 0) await fireJobs(trx, fireNow, run);
  return run.events;
}

/** One digest step of one event for its subscribers; returns the jobs to fire at once. */
async function armDigest(
  trx: Db,
  step: Extract<ArmStep, { kind: 'digest' }>,
  run: Run,
  details: ExecutionDetailInput[],
): Promise<WaitJob[]> {
  const { now } = run;
  await setDigestKey(trx, idsOf(step.jobs), step.group.key);
  const recent =
    step.backoffSince === null
      ? null
      : await subscribersWithRecentDigest(
          trx,
          step.group,
          step.jobs.map((job) => job.subscriberId),
          step.backoffSince,
        );
  const backoff = planBackoff(step.jobs, recent);
  if (backoff.digest.length === 0) return backoff.fire;

  // Join an open window (due later than now) of the same group: the lead job is locked first on
  // PostgreSQL, so a scheduler firing it at this moment is waited for (then it is no longer open).
  const merged = await mergeIntoOpenWindows(trx, step.group, backoff.digest, now, run.mergedDigestId);
  const window = planWindow(backoff.digest, merged, step.windowEnd, now);
  if (window.joined.length > 0) {
    await skipRest(trx, window.joined, now);
    details.push(...window.joinedDetails);
    await finishNotifications(trx, window.joined, now);
  }
  if (window.open) {
    await setRunAt(trx, idsOf(window.open.jobs), window.open.runAt, now);
    details.push(...window.open.details);
  }
  return [...backoff.fire, ...window.fire];
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
  const leadIds = jobs.filter((job) => job.type === 'digest').map((job) => job.id);
  const mergedByLead = run.mergedDigestId
    ? await mergedEventsByPointer(trx, leadIds)
    : await mergedEventsByWindow(trx, leadIds, now);
  const plan = planFire(jobs, run.eventInfo, mergedByLead, now);

  await setJobsStatus(trx, plan.completedDelays, 'completed', now);
  for (const lead of plan.completedLeads) {
    await completeDigestLeads(trx, lead.ids, lead.digestEvents, now);
  }
  await insertExecutionDetails(trx, plan.details);
  // After a wait: its notification's `pending` steps up to the next wait are `queued` (the queue
  // runs them), the next wait is armed, and notifications with nothing left are finished.
  const nextWaits: number[] = [];
  for (const step of plan.advance) {
    for (const chunk of chunks(step.notificationIds)) {
      const queued = await queuePendingSteps(trx, chunk, step.afterIndex, step.nextWait, now);
      if (queued > 0) run.events.add(step.eventId);
      if (step.nextWait < 0) continue;
      nextWaits.push(...(await armPendingStep(trx, chunk, step.nextWait, now)));
    }
  }
  if (nextWaits.length > 0) await armWaiting(trx, { jobIds: nextWaits }, now, run);
  await finishNotifications(trx, jobs, now);
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
      const { retries, waits } = planDue(claimed);
      if (retries.length > 0) {
        await requeueJobs(trx, idsOf(retries), now);
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
