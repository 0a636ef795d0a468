import { type Kysely, type Selectable, sql } from 'kysely';
import { insertRows } from '../../db/bulk-insert.repository';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/migrations/dsl';
import type { NotifyEventsTable } from '../../db/schema';
import type { DigestResult } from './digest';
import { JOB_COLUMNS, type TJobRow } from './jobs';
import type { SubscriberRow } from './subscribers.repository';

/**
 * SQL of the notification worker: `load` reads a batch of an event's queued jobs and what they
 * need (the event, subscribers, actor, preferences, earlier digests); `settle` writes what the plan
 * decided (messages, job states) set-based. The decisions themselves are in worker-plan.ts.
 */

export type QueuedJob = TJobRow & { attempts: number };

/** The event's queued jobs in id order, at most `limit`; PostgreSQL locks them (skipping held ones). */
export function claimQueuedJobs(db: Db, eventId: number, limit: number): Promise<QueuedJob[]> {
  let query = db
    .selectFrom('notifyJobs')
    .select([...JOB_COLUMNS, 'attempts'])
    .where('eventId', '=', eventId)
    .where(sql<boolean>`status = 'queued'`)
    .orderBy('id')
    .limit(limit);
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') query = query.forUpdate().skipLocked();
  return query.execute();
}

export type EventRow = Selectable<NotifyEventsTable>;

export function loadEvent(db: Db, eventId: number): Promise<EventRow> {
  return db.selectFrom('notifyEvents').selectAll().where('id', '=', eventId).executeTakeFirstOrThrow();
}

export async function subscribersById(db: Db, ids: readonly number[]): Promise<Map<number, SubscriberRow>> {
  const rows = await db.selectFrom('notifySubscribers').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The trigger's actor, by the environment's own subscriber id. */
export function findActor(
  db: Db,
  environmentId: number,
  subscriberId: string,
): Promise<SubscriberRow | undefined> {
  return db
    .selectFrom('notifySubscribers')
    .selectAll()
    .where('environmentId', '=', environmentId)
    .where('subscriberId', '=', subscriberId)
    .executeTakeFirst();
}

export type PreferenceRow = { subscriberId: number; workflowId: number; enabled: number; channels: string };

/** The subscribers' global (workflow 0) and own preferences of the workflow. */
export function preferencesOf(
  db: Db,
  subscriberIds: readonly number[],
  workflowId: number,
): Promise<PreferenceRow[]> {
  return db
    .selectFrom('notifySubscriberPreferences')
    .select(['subscriberId', 'workflowId', 'enabled', 'channels'])
    .where('subscriberId', 'in', subscriberIds)
    .where('workflowId', 'in', [0, workflowId])
    .execute();
}

/** The fired digests of these notifications (their lead jobs' collected events). */
export async function loadDigestResults(
  db: Db,
  notificationIds: readonly number[],
): Promise<Map<number, DigestResult[]>> {
  const out = new Map<number, DigestResult[]>();
  for (let start = 0; start < notificationIds.length; start += 500) {
    const rows = await db
      .selectFrom('notifyJobs')
      .select(['notificationId', 'stepIndex', 'digestEvents'])
      .where('notificationId', 'in', notificationIds.slice(start, start + 500))
      .where('type', '=', 'digest')
      .where('status', '=', 'completed')
      .where('digestEvents', 'is not', null)
      .execute();
    for (const row of rows) {
      const list = out.get(row.notificationId) ?? [];
      list.push({ stepIndex: row.stepIndex, events: JSON.parse(row.digestEvents as string) as unknown[] });
      out.set(row.notificationId, list);
    }
  }
  return out;
}

/**
 * Settles jobs of one outcome in one statement per 500: attempts + 1, and `running` jobs (delivered
 * after the commit) leased to `lease` until delivery settles them (job-leases.repository.ts).
 */
export async function setJobOutcome(
  trx: Db,
  ids: readonly number[],
  status: 'completed' | 'skipped' | 'failed' | 'running',
  now: number,
  lease: { owner: string; ms: number },
): Promise<void> {
  for (let start = 0; start < ids.length; start += 500) {
    await trx
      .updateTable('notifyJobs')
      .set((eb) => ({
        status,
        attempts: eb('attempts', '+', 1),
        updatedAt: now,
        ...(status === 'running'
          ? { leaseOwner: lease.owner, leaseExpiresAt: now + lease.ms }
          : { leaseOwner: null, leaseExpiresAt: null }),
        ...(status === 'failed' ? { error: 'delivery failed (see execution details)' } : {}),
      }))
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
  }
}

export type NewMessage = {
  environmentId: number;
  organizationId: number;
  subscriberId: number;
  notificationId: number;
  jobId: number;
  eventId: number;
  workflowId: number | null;
  feedId: number | null;
  channel: string;
  stepId: string;
  templateIdentifier: string;
  transactionId: string;
  content: string;
  subject: string | null;
  cta: string | null;
  payload: string;
  actor: string | null;
  actorSubscriberId: number | null;
  severity: string;
  createdAt: number;
  updatedAt: number;
};

/** The columns of a new message, in NewMessage's order. */
const MESSAGE_COLUMNS: readonly (keyof NewMessage)[] = [
  'environmentId',
  'organizationId',
  'subscriberId',
  'notificationId',
  'jobId',
  'eventId',
  'workflowId',
  'feedId',
  'channel',
  'stepId',
  'templateIdentifier',
  'transactionId',
  'content',
  'subject',
  'cta',
  'payload',
  'actor',
  'actorSubscriberId',
  'severity',
  'createdAt',
  'updatedAt',
];

/**
 * Stores the messages; a job that already has its message re-arms it (unseen, fresh content and
 * time). PostgreSQL: one `INSERT … SELECT FROM unnest(…)` (an array per column); SQLite:
 * multi-row inserts written as SQL text once (db/bulk-insert.repository.ts).
 */
export async function insertMessages(trx: Db, messages: readonly NewMessage[]): Promise<Map<number, number>> {
  const byJob = new Map<number, number>();
  if (messages.length === 0) return byJob;
  if (dialectOf(trx as unknown as Kysely<unknown>) === 'postgres') {
    const column = <T>(pick: (message: NewMessage) => T) => messages.map(pick);
    const { rows } = await sql<{ id: number; jobId: number }>`insert into notify_messages
        (environment_id, organization_id, subscriber_id, notification_id, job_id, event_id, workflow_id,
         feed_id, channel, step_id, template_identifier, transaction_id, content, subject, cta, payload,
         actor, actor_subscriber_id, severity, created_at, updated_at)
      select environment_id, organization_id, subscriber_id, notification_id, job_id, event_id,
         workflow_id, feed_id, channel, step_id, template_identifier, transaction_id, content, subject,
         cta, payload, actor, actor_subscriber_id, severity, created_at, updated_at
      from unnest(
        ${column((m) => m.environmentId)}::bigint[], ${column((m) => m.organizationId)}::bigint[],
        ${column((m) => m.subscriberId)}::bigint[], ${column((m) => m.notificationId)}::bigint[],
        ${column((m) => m.jobId)}::bigint[], ${column((m) => m.eventId)}::bigint[],
        ${column((m) => m.workflowId)}::bigint[], ${column((m) => m.feedId)}::bigint[],
        ${column((m) => m.channel)}::text[], ${column((m) => m.stepId)}::text[],
        ${column((m) => m.templateIdentifier)}::text[], ${column((m) => m.transactionId)}::text[],
        ${column((m) => m.content)}::text[], ${column((m) => m.subject)}::text[],
        ${column((m) => m.cta)}::text[], ${column((m) => m.payload)}::text[],
        ${column((m) => m.actor)}::text[], ${column((m) => m.actorSubscriberId)}::bigint[],
        ${column((m) => m.severity)}::text[], ${column((m) => m.createdAt)}::bigint[], ${column((m) => m.updatedAt)}::bigint[]
      ) with ordinality as m(environment_id, organization_id, subscriber_id, notification_id, job_id,
         event_id, workflow_id, feed_id, channel, step_id, template_identifier, transaction_id, content,
         subject, cta, payload, actor, actor_subscriber_id, severity, created_at, updated_at, position)
      order by position
      on conflict (job_id) do update set seen = 0, content = excluded.content,
        subject = excluded.subject, cta = excluded.cta, payload = excluded.payload,
        created_at = excluded.created_at, updated_at = excluded.updated_at
      returning id, job_id`.execute(trx);
    for (const row of rows) byJob.set(row.jobId, row.id);
    return byJob;
  }
  const rows = await insertRows<{ id: number; jobId: number }>(
    trx,
    'notifyMessages',
    MESSAGE_COLUMNS,
    messages,
    `on conflict ("job_id") do update set "seen" = 0, "content" = excluded."content",
      "subject" = excluded."subject", "cta" = excluded."cta", "payload" = excluded."payload",
      "created_at" = excluded."created_at", "updated_at" = excluded."updated_at"
    returning "id", "job_id"`,
  );
  for (const row of rows) byJob.set(row.jobId, row.id);
  return byJob;
}
