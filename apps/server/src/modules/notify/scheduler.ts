import type { TWorkflowStep } from '@forecourt/contracts';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/migrations/dsl';
import { delayDueAt } from './delay';
import { backoffSince, digestKeyValue, digestKind, digestWindowEnd } from './digest';
import {
  EXECUTION_TEXT,
  type ExecutionDetailInput,
  insertExecutionDetails,
} from './execution-details.repository';
import { JOB_COLUMNS, type TJobRow } from './jobs';
import { completeFinishedNotifications } from './notification-completion';
import type { NotifyDeps, NotifyQueue } from './notify.deps';
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
/** How often the in-process scheduler looks for due jobs. */
export const SCHEDULER_INTERVAL_MS = 1_000;

const WAIT_TYPES = ['digest', 'delay'];

type WaitJob = TJobRow;

type EventInfo = { workflow: WorkflowSnapshot; payload: Record<string, unknown>; createdAt: number };

/** What one transaction of the engine did: the events whose queued jobs the queue must run. */
type Run = { events: Set<number>; eventInfo: Map<number, EventInfo>; now: number };

const isPostgres = (db: Db) => dialectOf(db as unknown as Kysely<unknown>) === 'postgres';

function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

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
  for (const chunk of chunks(missing)) {
    const rows = await trx
      .selectFrom('notifyEvents')
      .select(['id', 'workflow', 'payload', 'createdAt'])
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) {
      run.eventInfo.set(row.id, {
        workflow: JSON.parse(row.workflow) as WorkflowSnapshot,
        payload: JSON.parse(row.payload) as Record<string, unknown>,
        createdAt: row.createdAt,
      });
    }
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

async function setStatus(trx: Db, ids: readonly number[], status: string, now: number, error?: string) {
  for (const chunk of chunks(ids)) {
    await trx
      .updateTable('notifyJobs')
      .set((eb) => ({
        status,
        updatedAt: now,
        attempts: eb('attempts', '+', 1),
        ...(error === undefined ? {} : { error }),
      }))
      .where('id', 'in', chunk)
      .execute();
  }
}

/** The steps after `stepIndex` of notifications that will not continue: `skipped`. */
async function skipRest(trx: Db, jobs: readonly WaitJob[], now: number): Promise<void> {
  for (const [, group] of groupBy(jobs, (job) => String(job.stepIndex))) {
    for (const chunk of chunks(group.map((job) => job.notificationId))) {
      await trx
        .updateTable('notifyJobs')
        .set({ status: 'skipped', updatedAt: now })
        .where('notificationId', 'in', chunk)
        .where('stepIndex', '>', group[0]?.stepIndex ?? 0)
        .where('status', '=', 'pending')
        .execute();
    }
  }
}

/** Notifications with nothing left to run are done ("trigger processed", spec §8 1009). */
async function finishNotifications(trx: Db, jobs: readonly WaitJob[], now: number): Promise<void> {
  await insertExecutionDetails(trx, await completeFinishedNotifications(trx, jobs, now));
}

/**
 * Arms waiting jobs (`delayed` without a due time): those of a new trigger (`eventId`) or those a
 * fired wait reached (`jobIds`). Delays get their due time; digests join an open window of the
 * same subscriber, workflow, step and digest key (`merged`) or open one; a backoff digest with no
 * event of that group within its backoff window, and a delay already due, fire at once.
 */
export async function armWaitingJobs(
  trx: Db,
  filter: { eventId: number } | { jobIds: readonly number[] },
  now: number,
  run: Run = { events: new Set(), eventInfo: new Map(), now },
): Promise<Set<number>> {
  const jobs: WaitJob[] = [];
  const idChunks = 'eventId' in filter ? [null] : chunks(filter.jobIds);
  for (const chunk of idChunks) {
    if (chunk !== null && chunk.length === 0) continue;
    let query = trx
      .selectFrom('notifyJobs')
      .select(JOB_COLUMNS)
      .where('status', '=', 'delayed')
      .where('runAt', 'is', null)
      .where('type', 'in', WAIT_TYPES);
    query =
      chunk === null
        ? query.where('eventId', '=', (filter as { eventId: number }).eventId)
        : query.where('id', 'in', chunk);
    jobs.push(...(await query.execute()));
  }
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
      await setStatus(
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
        await setStatus(
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
      await setRunAt(trx, group, due.runAt, now);
      const text = `Delay: waiting until ${new Date(due.runAt).toISOString()}`;
      for (const job of group) details.push(detail(job, now, 1009, 'Pending', text));
      continue;
    }
    fireNow.push(...(await armDigest(trx, group, step, event, now, details)));
  }
  await insertExecutionDetails(trx, details);
  if (fireNow.length > 0) await fireJobs(trx, fireNow, run);
  return run.events;
}

async function setRunAt(trx: Db, jobs: readonly WaitJob[], runAt: number, now: number) {
  for (const chunk of chunks(jobs.map((job) => job.id))) {
    await trx
      .updateTable('notifyJobs')
      .set({ runAt, updatedAt: now })
      .where('id', 'in', chunk)
      .where('status', '=', 'delayed')
      .execute();
  }
}

/** One digest step of one event for its subscribers; returns the jobs to fire at once (backoff). */
async function armDigest(
  trx: Db,
  group: readonly WaitJob[],
  step: TWorkflowStep,
  event: EventInfo,
  now: number,
  details: ExecutionDetailInput[],
): Promise<WaitJob[]> {
  const first = group[0] as WaitJob;
  const key = digestKeyValue(step.metadata, event.payload);
  const kind = digestKind(step.metadata);
  for (const chunk of chunks(group.map((job) => job.id))) {
    await trx.updateTable('notifyJobs').set({ digestKey: key }).where('id', 'in', chunk).execute();
  }
  // The same subscriber's digest jobs of this workflow step and group, from other triggers.
  // (Raw SQL, so it fits the correlated subqueries below; `l` is the other digest job.)
  const groupFilter = sql<boolean>`l.type = 'digest' and l.environment_id = ${first.environmentId} and l.step_id = ${first.stepId} and l.event_id <> ${first.eventId} and ${
    first.workflowId === null ? sql`l.workflow_id is null` : sql`l.workflow_id = ${first.workflowId}`
  } and ${key === null ? sql`l.digest_key is null` : sql`l.digest_key = ${key}`}`;
  const sameSubscriber = sql<boolean>`l.subscriber_id = notify_jobs.subscriber_id`;

  let toDigest = [...group];
  const fireNow: WaitJob[] = [];
  if (kind === 'backoff') {
    const since = backoffSince(step.metadata, now);
    const recent = new Set<number>();
    for (const chunk of chunks(group.map((job) => job.subscriberId))) {
      const rows = await trx
        .selectFrom('notifyJobs as l')
        .select('l.subscriberId')
        .distinct()
        .where(groupFilter)
        .where('l.subscriberId', 'in', chunk)
        .where('l.createdAt', '>=', since)
        .execute();
      for (const row of rows) recent.add(row.subscriberId);
    }
    toDigest = group.filter((job) => recent.has(job.subscriberId));
    fireNow.push(...group.filter((job) => !recent.has(job.subscriberId)));
  }
  if (toDigest.length === 0) return fireNow;

  // Join an open window (due later than now) of the same group: the lead job is locked first on
  // PostgreSQL, so a scheduler firing it at this moment is waited for (then it is no longer open).
  const merged = new Set<number>();
  for (const chunk of chunks(toDigest)) {
    const subscriberIds = chunk.map((job) => job.subscriberId);
    const open = (trx: Db) =>
      trx
        .selectFrom('notifyJobs as l')
        .select('l.id')
        .where(groupFilter)
        .where('l.status', '=', 'delayed')
        .where('l.runAt', '>', now);
    if (isPostgres(trx)) {
      await open(trx).where('l.subscriberId', 'in', subscriberIds).forUpdate().execute();
    }
    const rows = await trx
      .updateTable('notifyJobs')
      .set(() => ({
        status: 'merged',
        updatedAt: now,
        mergedInto: open(trx).where(sameSubscriber).orderBy('l.runAt').orderBy('l.id').limit(1),
      }))
      .where(
        'id',
        'in',
        chunk.map((job) => job.id),
      )
      .where((eb) => eb.exists(open(trx).where(sameSubscriber)))
      .returning('id')
      .execute();
    for (const row of rows) merged.add(row.id);
  }
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
      await setRunAt(trx, leads, end, now);
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
  await setStatus(
    trx,
    delays.map((job) => job.id),
    'completed',
    now,
  );
  for (const job of delays)
    details.push(detail(job, now, 1009, 'Success', 'Delay: finished, the workflow continues'));

  const mergedByLead = new Map<number, unknown[]>();
  for (const chunk of chunks(digests.map((job) => job.id))) {
    const rows = await trx
      .selectFrom('notifyJobs as j')
      .innerJoin('notifyEvents as e', 'e.id', 'j.eventId')
      .select(['j.mergedInto', 'e.payload'])
      .where('j.mergedInto', 'in', chunk)
      .where('j.status', '=', 'merged')
      .orderBy('e.createdAt')
      .orderBy('j.id')
      .execute();
    for (const row of rows) {
      const list = mergedByLead.get(row.mergedInto as number) ?? [];
      list.push(JSON.parse(row.payload) as unknown);
      mergedByLead.set(row.mergedInto as number, list);
    }
  }
  // Leads without merged events share their event's single payload: one update per event.
  const alone = digests.filter((job) => !mergedByLead.has(job.id));
  for (const [eventId, group] of groupBy(alone, (job) => String(job.eventId))) {
    const events = JSON.stringify([run.eventInfo.get(Number(eventId))?.payload ?? {}]);
    for (const chunk of chunks(group.map((job) => job.id))) {
      await trx
        .updateTable('notifyJobs')
        .set((eb) => ({
          status: 'completed',
          digestEvents: events,
          updatedAt: now,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', chunk)
        .execute();
    }
  }
  for (const job of digests) {
    const others = mergedByLead.get(job.id);
    const count = 1 + (others?.length ?? 0);
    if (others) {
      const events = [run.eventInfo.get(job.eventId)?.payload ?? {}, ...others];
      await trx
        .updateTable('notifyJobs')
        .set((eb) => ({
          status: 'completed',
          digestEvents: JSON.stringify(events),
          updatedAt: now,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', job.id)
        .execute();
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
      let queued = trx
        .updateTable('notifyJobs')
        .set({ status: 'queued', updatedAt: now })
        .where('notificationId', 'in', chunk)
        .where('stepIndex', '>', first.stepIndex)
        .where('status', '=', 'pending');
      if (next >= 0) queued = queued.where('stepIndex', '<', next);
      const result = await queued.executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) run.events.add(first.eventId);
      if (next < 0) continue;
      const armed = await trx
        .updateTable('notifyJobs')
        .set({ status: 'delayed', runAt: null, updatedAt: now })
        .where('notificationId', 'in', chunk)
        .where('stepIndex', '=', next)
        .where('status', '=', 'pending')
        .returning('id')
        .execute();
      nextWaits.push(...armed.map((row) => row.id));
    }
  }
  if (nextWaits.length > 0) await armWaitingJobs(trx, { jobIds: nextWaits }, now, run);
  await finishNotifications(trx, fired, now);
}

/**
 * Fires every wait due at `now`, batch by batch, each batch in one transaction: pick due jobs in
 * due order, claim them with a guarded UPDATE (only rows still `delayed` are taken; PostgreSQL
 * also skips rows another worker holds), fire, and queue the events that have steps to run.
 * Returns how many jobs were fired.
 */
export async function runDueJobs(deps: Pick<NotifyDeps, 'db' | 'now'>, queue: NotifyQueue): Promise<number> {
  let fired = 0;
  for (;;) {
    const now = deps.now();
    const batch = await deps.db.transaction().execute(async (trx) => {
      let due = trx
        .selectFrom('notifyJobs')
        .select('id')
        .where('status', '=', 'delayed')
        .where('runAt', 'is not', null)
        .where('runAt', '<=', now)
        .orderBy('runAt')
        .orderBy('id')
        .limit(SCHEDULER_BATCH);
      if (isPostgres(trx)) due = due.forUpdate().skipLocked();
      const ids = (await due.execute()).map((row) => row.id);
      if (ids.length === 0) return null;
      const claimed = await trx
        .updateTable('notifyJobs')
        .set({ status: 'running', updatedAt: now })
        .where('id', 'in', ids)
        .where('status', '=', 'delayed')
        .returning(JOB_COLUMNS)
        .execute();
      const run: Run = { events: new Set(), eventInfo: new Map(), now };
      // A channel job waiting for its next delivery attempt goes back to the queue.
      const retries = claimed.filter((job) => !WAIT_TYPES.includes(job.type));
      const waits = claimed.filter((job) => WAIT_TYPES.includes(job.type));
      if (retries.length > 0) {
        await trx
          .updateTable('notifyJobs')
          .set({ status: 'queued', runAt: null, updatedAt: now })
          .where(
            'id',
            'in',
            retries.map((job) => job.id),
          )
          .execute();
        for (const job of retries) run.events.add(job.eventId);
      }
      if (waits.length > 0) await fireJobs(trx, waits, run);
      return { picked: ids.length, claimed: claimed.length, events: run.events };
    });
    if (batch === null) return fired;
    fired += batch.claimed;
    for (const eventId of batch.events) queue.enqueue(eventId);
    if (batch.picked < SCHEDULER_BATCH) return fired;
  }
}

/**
 * The in-process scheduler: a timer that runs `runDueJobs` every `intervalMs` (with the app's
 * clock, so tests move the clock and call `tick()` instead of sleeping). Runs never overlap: a
 * `tick()` waits for the one in progress, then runs.
 */
export class NotifyScheduler {
  readonly #deps: Pick<NotifyDeps, 'db' | 'now' | 'log'>;
  readonly #queue: NotifyQueue;
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(deps: Pick<NotifyDeps, 'db' | 'now' | 'log'>, queue: NotifyQueue) {
    this.#deps = deps;
    this.#queue = queue;
  }

  start(intervalMs = SCHEDULER_INTERVAL_MS): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setInterval(() => {
      this.tick().catch((error: unknown) =>
        this.#deps.log.error({ err: error }, 'notification scheduler failed'),
      );
    }, intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer until the next `start` (this process no longer leads); `tick` still works. */
  pause(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Fires what is due now; resolves with how many waits fired. */
  tick(): Promise<number> {
    const run = this.#chain.then(() => (this.#closed ? 0 : runDueJobs(this.#deps, this.#queue)));
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /** Stops the timer and waits for a run in progress. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#chain;
  }
}
