import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/migrations/dsl';
import { JOB_COLUMNS, type TJobRow, WAIT_TYPES } from './jobs';

/**
 * SQL of the digest and delay engine (wait-engine.ts): waiting jobs armed, merged, fired and the
 * steps after them queued. Every statement takes at most 500 ids (callers pass chunks).
 */

const isPostgres = (db: Db) => dialectOf(db as unknown as Kysely<unknown>) === 'postgres';

export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The events' workflow snapshots, payloads and creation times (raw JSON). */
export async function eventRows(trx: Db, ids: readonly number[]) {
  const rows: { id: number; workflow: string; payload: string; createdAt: number }[] = [];
  for (const chunk of chunks(ids)) {
    rows.push(
      ...(await trx
        .selectFrom('notifyEvents')
        .select(['id', 'workflow', 'payload', 'createdAt'])
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/** Jobs take a new status (attempts + 1; with an error when given). */
export async function setJobsStatus(
  trx: Db,
  ids: readonly number[],
  status: string,
  now: number,
  error?: string,
): Promise<void> {
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

/** The pending steps after `stepIndex` of these notifications are skipped. */
export async function skipStepsAfter(
  trx: Db,
  notificationIds: readonly number[],
  stepIndex: number,
  now: number,
): Promise<void> {
  for (const chunk of chunks(notificationIds)) {
    await trx
      .updateTable('notifyJobs')
      .set({ status: 'skipped', updatedAt: now })
      .where('notificationId', 'in', chunk)
      .where('stepIndex', '>', stepIndex)
      .where('status', '=', 'pending')
      .execute();
  }
}

/** Waiting jobs not armed yet (`delayed` without a due time): a new trigger's, or these ids. */
export async function unarmedWaits(
  trx: Db,
  filter: { eventId: number } | { jobIds: readonly number[] },
): Promise<TJobRow[]> {
  const jobs: TJobRow[] = [];
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
  return jobs;
}

/** Waiting jobs still `delayed` become due at `runAt`. */
export async function setRunAt(trx: Db, ids: readonly number[], runAt: number, now: number): Promise<void> {
  for (const chunk of chunks(ids)) {
    await trx
      .updateTable('notifyJobs')
      .set({ runAt, updatedAt: now })
      .where('id', 'in', chunk)
      .where('status', '=', 'delayed')
      .execute();
  }
}

export async function setDigestKey(trx: Db, ids: readonly number[], key: string | null): Promise<void> {
  for (const chunk of chunks(ids)) {
    await trx.updateTable('notifyJobs').set({ digestKey: key }).where('id', 'in', chunk).execute();
  }
}

/** A digest group: the same workflow step and digest key in one environment, from other triggers. */
export type DigestGroup = {
  environmentId: number;
  workflowId: number | null;
  stepId: string;
  eventId: number;
  key: string | null;
};

// Raw SQL, so it fits the correlated subqueries below; `l` is the other digest job.
const groupFilter = (group: DigestGroup) =>
  sql<boolean>`l.type = 'digest' and l.environment_id = ${group.environmentId} and l.step_id = ${group.stepId} and l.event_id <> ${group.eventId} and ${
    group.workflowId === null ? sql`l.workflow_id is null` : sql`l.workflow_id = ${group.workflowId}`
  } and ${group.key === null ? sql`l.digest_key is null` : sql`l.digest_key = ${group.key}`}`;
const sameSubscriber = sql<boolean>`l.subscriber_id = notify_jobs.subscriber_id`;

/** Of these subscribers, those with a digest job of the group created at or after `since`. */
export async function subscribersWithRecentDigest(
  trx: Db,
  group: DigestGroup,
  subscriberIds: readonly number[],
  since: number,
): Promise<Set<number>> {
  const recent = new Set<number>();
  for (const chunk of chunks(subscriberIds)) {
    const rows = await trx
      .selectFrom('notifyJobs as l')
      .select('l.subscriberId')
      .distinct()
      .where(groupFilter(group))
      .where('l.subscriberId', 'in', chunk)
      .where('l.createdAt', '>=', since)
      .execute();
    for (const row of rows) recent.add(row.subscriberId);
  }
  return recent;
}

/**
 * Jobs whose subscriber has an open window of the group (due later than now) join it: `merged`,
 * pointing at the window's lead when `pointToLead`. The lead jobs are locked first on PostgreSQL,
 * so a scheduler firing one at this moment is waited for (then it is no longer open). Returns
 * the merged job ids.
 */
export async function mergeIntoOpenWindows(
  trx: Db,
  group: DigestGroup,
  jobs: readonly Pick<TJobRow, 'id' | 'subscriberId'>[],
  now: number,
  pointToLead: boolean,
): Promise<Set<number>> {
  const merged = new Set<number>();
  for (const chunk of chunks(jobs)) {
    const subscriberIds = chunk.map((job) => job.subscriberId);
    const open = (trx: Db) =>
      trx
        .selectFrom('notifyJobs as l')
        .select('l.id')
        .where(groupFilter(group))
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
        mergedInto: pointToLead
          ? open(trx).where(sameSubscriber).orderBy('l.runAt').orderBy('l.id').limit(1)
          : null,
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
  return merged;
}

/** The events merged into each lead, oldest first: the merged jobs that name it (`merged_into`). */
export async function mergedEventsByPointer(
  trx: Db,
  leadIds: readonly number[],
): Promise<Map<number, unknown[]>> {
  const mergedByLead = new Map<number, unknown[]>();
  for (const chunk of chunks(leadIds)) {
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
  return mergedByLead;
}

/**
 * The events merged into each lead without the merged digest id (`merged-digest-id` off): the
 * merged jobs of the lead's group (environment, workflow, step, digest key) and subscriber that
 * were created from the lead's creation until now. A subscriber has one open window per group,
 * so creation times separate the windows, except for an event that reached the digest after a
 * longer wait than the lead (created earlier, merged later): that one is missed, which is why
 * the flag is on by default.
 */
export async function mergedEventsByWindow(
  trx: Db,
  leadIds: readonly number[],
  now: number,
): Promise<Map<number, unknown[]>> {
  const mergedByLead = new Map<number, unknown[]>();
  for (const chunk of chunks(leadIds)) {
    const rows = await trx
      .selectFrom('notifyJobs as j')
      .innerJoin('notifyJobs as l', (join) =>
        join
          .onRef('l.environmentId', '=', 'j.environmentId')
          .onRef('l.stepId', '=', 'j.stepId')
          .onRef('l.subscriberId', '=', 'j.subscriberId')
          .onRef('l.eventId', '<>', 'j.eventId')
          .onRef('j.createdAt', '>=', 'l.createdAt'),
      )
      .innerJoin('notifyEvents as e', 'e.id', 'j.eventId')
      .select(['l.id as lead', 'e.payload'])
      .where('l.id', 'in', chunk)
      .where('j.type', '=', 'digest')
      .where('j.status', '=', 'merged')
      .where('j.mergedInto', 'is', null)
      .where('j.createdAt', '<=', now)
      .where(
        sql<boolean>`(j.workflow_id = l.workflow_id or (j.workflow_id is null and l.workflow_id is null))`,
      )
      .where(sql<boolean>`(j.digest_key = l.digest_key or (j.digest_key is null and l.digest_key is null))`)
      .orderBy('e.createdAt')
      .orderBy('j.id')
      .execute();
    for (const row of rows) {
      const list = mergedByLead.get(row.lead) ?? [];
      list.push(JSON.parse(row.payload) as unknown);
      mergedByLead.set(row.lead, list);
    }
  }
  return mergedByLead;
}

/** Digest leads complete with the events they collected (one JSON document for all of `ids`). */
export async function completeDigestLeads(
  trx: Db,
  ids: readonly number[],
  digestEvents: string,
  now: number,
): Promise<void> {
  for (const chunk of chunks(ids)) {
    await trx
      .updateTable('notifyJobs')
      .set((eb) => ({
        status: 'completed',
        digestEvents,
        updatedAt: now,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', chunk)
      .execute();
  }
}

/**
 * The pending steps of these notifications after `afterIndex` (and before `beforeIndex` when it is
 * not negative) are queued; returns how many.
 */
export async function queuePendingSteps(
  trx: Db,
  notificationIds: readonly number[],
  afterIndex: number,
  beforeIndex: number,
  now: number,
): Promise<number> {
  let queued = trx
    .updateTable('notifyJobs')
    .set({ status: 'queued', updatedAt: now })
    .where('notificationId', 'in', notificationIds)
    .where('stepIndex', '>', afterIndex)
    .where('status', '=', 'pending');
  if (beforeIndex >= 0) queued = queued.where('stepIndex', '<', beforeIndex);
  const result = await queued.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The pending step at `stepIndex` of these notifications waits (`delayed`, unarmed); returns its jobs. */
export async function armPendingStep(
  trx: Db,
  notificationIds: readonly number[],
  stepIndex: number,
  now: number,
): Promise<number[]> {
  const rows = await trx
    .updateTable('notifyJobs')
    .set({ status: 'delayed', runAt: null, updatedAt: now })
    .where('notificationId', 'in', notificationIds)
    .where('stepIndex', '=', stepIndex)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Jobs due at `now` in due order, claimed with a guarded UPDATE (only rows still `delayed` are
 * taken; PostgreSQL also skips rows another worker holds). Returns how many were picked and the
 * claimed jobs.
 */
export async function claimDueJobs(
  trx: Db,
  now: number,
  limit: number,
): Promise<{ picked: number; claimed: TJobRow[] }> {
  let due = trx
    .selectFrom('notifyJobs')
    .select('id')
    .where('status', '=', 'delayed')
    .where('runAt', 'is not', null)
    .where('runAt', '<=', now)
    .orderBy('runAt')
    .orderBy('id')
    .limit(limit);
  if (isPostgres(trx)) due = due.forUpdate().skipLocked();
  const ids = (await due.execute()).map((row) => row.id);
  if (ids.length === 0) return { picked: 0, claimed: [] };
  const claimed = await trx
    .updateTable('notifyJobs')
    .set({ status: 'running', updatedAt: now })
    .where('id', 'in', ids)
    .where('status', '=', 'delayed')
    .returning(JOB_COLUMNS)
    .execute();
  return { picked: ids.length, claimed };
}

/** Channel jobs waiting for their next delivery attempt go back to the queue. */
export async function requeueJobs(trx: Db, ids: readonly number[], now: number): Promise<void> {
  await trx
    .updateTable('notifyJobs')
    .set({ status: 'queued', runAt: null, updatedAt: now })
    .where('id', 'in', ids)
    .execute();
}
