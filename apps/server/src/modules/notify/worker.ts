import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { TNotifyChannel, TWidgetCta, TWorkflowStep } from '@forecourt/contracts';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/migrations/dsl';
import { stepConditionsMatch } from './conditions';
import { type DeliveryChannel, type DeliveryTask, deliverJobs } from './delivery/deliver';
import { digestStepVariables, loadDigestResults } from './digest';
import {
  EXECUTION_TEXT,
  type ExecutionDetailInput,
  insertExecutionDetails,
} from './execution-details.repository';
import type { DeliveredMessage } from './inbox-publisher';
import {
  eventsWithQueuedJobs,
  releaseLeases,
  renewLeases,
  requeueExpiredLeases,
} from './job-leases.repository';
import { JOB_COLUMNS, type TJobRow } from './jobs';
import { completeFinishedNotifications } from './notification-completion';
import type { NotifyDeps } from './notify.deps';
import { loadStepMessages } from './step-conditions.repository';
import { askStepWebhooks, type StepWebhookQuestion, stepWebhookUrls, webhookKey } from './step-webhooks';
import type { SubscriberRow } from './subscribers.repository';
import { missingPayloadVariables, renderTemplate } from './templates';
import type { WorkflowSnapshot } from './trigger.service';
import { ensureFeeds } from './workflows.repository';

/** Jobs handled per transaction. */
export const WORKER_BATCH = 500;

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

type JobRow = TJobRow & { attempts: number };

type Preference = { enabled: boolean; channels: Partial<Record<TNotifyChannel, boolean>> };

/** Which channels of which workflows a subscriber turned off. */
export function channelAllowed(
  workflow: Pick<WorkflowSnapshot, 'critical' | 'preferenceSettings'>,
  channel: TNotifyChannel,
  global: Preference | undefined,
  own: Preference | undefined,
): boolean {
  if (workflow.critical) return true;
  if (global && (!global.enabled || global.channels[channel] === false)) return false;
  if (own && !own.enabled) return false;
  return own?.channels[channel] ?? workflow.preferenceSettings[channel] ?? true;
}

function subscriberVariables(row: SubscriberRow) {
  return {
    subscriberId: row.subscriberId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    avatar: row.avatar,
    locale: row.locale,
    data: JSON.parse(row.data) as Record<string, unknown>,
  };
}

/**
 * A rendered link the inbox may follow: http(s), mailto, or a path on the app; anything else
 * (`javascript:`, `data:`…, which payload values could smuggle in) becomes no link.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return '';
  // Browsers ignore control characters and spaces inside a scheme (`java\tscript:`).
  const compact = [...trimmed].filter((char) => char.charCodeAt(0) > 0x20).join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto'
    ? trimmed
    : '';
}

/** The rendered call to action; none when it has neither a URL nor buttons. */
function renderCta(cta: TWorkflowStep['cta'], context: Record<string, unknown>): TWidgetCta | undefined {
  if (!cta) return undefined;
  const url = safeUrl(renderTemplate(cta.data.url, context, 'text'));
  const buttons = (cta.action?.buttons ?? []).map((button) => ({
    type: button.type,
    content: renderTemplate(button.content, context, 'text'),
    ...(button.resultContent === undefined
      ? {}
      : { resultContent: renderTemplate(button.resultContent, context, 'text') }),
    ...(button.url === undefined ? {} : { url: safeUrl(renderTemplate(button.url, context, 'text')) }),
    ...(button.target === undefined ? {} : { target: button.target }),
  }));
  if (url === '' && buttons.length === 0) return undefined;
  return {
    type: 'redirect',
    data: url === '' ? {} : { url },
    ...(buttons.length > 0 ? { action: { status: cta.action?.status ?? 'pending', buttons } } : {}),
  };
}

async function claimJobs(db: Db, eventId: number): Promise<JobRow[]> {
  let query = db
    .selectFrom('notifyJobs')
    .select([...JOB_COLUMNS, 'attempts'])
    .where('eventId', '=', eventId)
    .where(sql<boolean>`status = 'queued'`)
    .orderBy('id')
    .limit(WORKER_BATCH);
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') query = query.forUpdate().skipLocked();
  return query.execute();
}

type Outcome = {
  status: 'completed' | 'skipped' | 'failed';
  error?: string;
  detail: Omit<ExecutionDetailInput, 'environmentId' | 'organizationId' | 'createdAt'>;
};

/**
 * One batch of an event's queued jobs in one transaction: render and store the in-app messages
 * (multi-row inserts; a re-run job re-arms its message), settle the jobs, write the execution
 * details, and finish the notifications whose jobs are all done. Null when nothing was queued.
 */
type WebhookAnswers = Map<string, Record<string, unknown> | null>;

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
  const jobs = await claimJobs(trx, eventId);
  if (jobs.length === 0) return null;
  const now = deps.now();
  const event = await trx
    .selectFrom('notifyEvents')
    .selectAll()
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  const workflow = JSON.parse(event.workflow) as WorkflowSnapshot;
  const payload = JSON.parse(event.payload) as Record<string, unknown>;
  const { attachments: _attachments, ...messagePayload } = payload;
  const tenant = event.tenant === null ? null : (JSON.parse(event.tenant) as unknown);
  const environment = { id: event.environmentId, organizationId: event.organizationId };

  const subscriberIds = [...new Set(jobs.map((job) => job.subscriberId))];
  const subscribers = new Map(
    (await trx.selectFrom('notifySubscribers').selectAll().where('id', 'in', subscriberIds).execute()).map(
      (row) => [row.id, row],
    ),
  );
  const actorId =
    event.actor === null ? null : (JSON.parse(event.actor) as { subscriberId: string }).subscriberId;
  const actor =
    actorId === null
      ? undefined
      : await trx
          .selectFrom('notifySubscribers')
          .selectAll()
          .where('environmentId', '=', event.environmentId)
          .where('subscriberId', '=', actorId)
          .executeTakeFirst();
  const preferenceRows = await trx
    .selectFrom('notifySubscriberPreferences')
    .selectAll()
    .where('subscriberId', 'in', subscriberIds)
    .where('workflowId', 'in', [0, workflow.id])
    .execute();
  const preferences = new Map<string, Preference>(
    preferenceRows.map((row) => [
      `${row.subscriberId}:${row.workflowId}`,
      { enabled: row.enabled === 1, channels: JSON.parse(row.channels) as Preference['channels'] },
    ]),
  );
  const feedIdentifiers = workflow.steps
    .filter((step) => step.type === 'in_app' && step.feedIdentifier)
    .map((step) => step.feedIdentifier as string);
  const feeds = await ensureFeeds(trx, environment, feedIdentifiers, now);
  const steps = new Map(workflow.steps.map((step) => [step.id, step]));
  // Steps after a fired digest read its events (`step.events`, `step.total_count`).
  // (Jobs come from the event's workflow snapshot: without a digest step there is nothing to read.)
  const digests = workflow.steps.some((step) => step.type === 'digest')
    ? await loadDigestResults(trx, [...new Set(jobs.map((job) => job.notificationId))])
    : new Map<number, never>();

  // previousStep conditions read the in-app messages earlier steps left in the same notification.
  const stepMessages = workflow.steps.some((step) =>
    step.filters.some((f) => f.children.some((c) => c.on === 'previousStep')),
  )
    ? await loadStepMessages(trx, [...new Set(jobs.map((job) => job.notificationId))])
    : new Map<number, never>();
  // Webhook conditions not asked yet: the jobs wait (stay queued) until the answers are in.
  const questions: StepWebhookQuestion[] = [];

  const messages: NewMessage[] = [];
  const outcomes = new Map<number, Outcome>();
  // Warnings beside a job's outcome: missing payload variables (3011), no actor avatar (3012).
  const warnings: Outcome['detail'][] = [];
  // Email, SMS, chat and push jobs: claimed here (running), sent after the commit (delivery/).
  const deliveries: DeliveryTask[] = [];
  for (const job of jobs) {
    const step = steps.get(job.stepId);
    const subscriber = subscribers.get(job.subscriberId);
    const base = {
      eventId,
      notificationId: job.notificationId,
      jobId: job.id,
      subscriberId: job.subscriberId,
      workflowId: job.workflowId,
      transactionId: job.transactionId,
      channel: job.type,
    };
    if (!step || !subscriber) {
      outcomes.set(job.id, {
        status: 'failed',
        error: !step ? 'step not found' : 'subscriber not found',
        detail: {
          ...base,
          code: !step ? 1002 : 3001,
          status: 'Failed',
          detail: EXECUTION_TEXT[!step ? 1002 : 3001],
        },
      });
      continue;
    }
    const subscriberData = subscriberVariables(subscriber);
    const question = (url: string): StepWebhookQuestion => ({
      url,
      body: {
        transactionId: job.transactionId,
        workflow: workflow.triggerIdentifier,
        step: { id: step.id, type: step.type },
        subscriber: subscriberData,
        payload: messagePayload,
        tenant,
      },
    });
    const unasked = stepWebhookUrls(step.filters)
      .map(question)
      .filter((q) => !webhookAnswers.has(webhookKey(q)));
    if (unasked.length > 0) {
      questions.push(...unasked);
      continue;
    }
    const earlier = stepMessages.get(job.notificationId);
    const conditionContext = {
      payload,
      subscriber: {
        ...subscriberData,
        isOnline: subscriber.isOnline === 1,
        lastOnlineAt: subscriber.lastOnlineAt,
      },
      tenant: tenant && typeof tenant === 'object' ? (tenant as Record<string, unknown>) : null,
      now,
      webhook: (url: string) => webhookAnswers.get(webhookKey(question(url))),
      previousStep: (stepId: string | undefined) =>
        earlier?.get(stepId ?? previousInAppStepId(workflow, step.id) ?? '') ?? null,
    };
    if (!stepConditionsMatch(step.filters, conditionContext)) {
      outcomes.set(job.id, {
        status: 'skipped',
        detail: {
          ...base,
          code: 1009,
          status: 'Warning',
          detail: 'Step skipped: its conditions did not match',
        },
      });
      continue;
    }
    const channel = step.type as TNotifyChannel;
    const allowed = channelAllowed(
      workflow,
      channel,
      preferences.get(`${subscriber.id}:0`),
      preferences.get(`${subscriber.id}:${workflow.id}`),
    );
    if (!allowed) {
      outcomes.set(job.id, {
        status: 'skipped',
        detail: {
          ...base,
          code: 1009,
          status: 'Warning',
          detail: `Step skipped: the subscriber turned ${channel} off`,
        },
      });
      continue;
    }
    const context = {
      ...payload,
      payload,
      subscriber: subscriberData,
      actor: actor ? subscriberVariables(actor) : null,
      tenant,
      step: digestStepVariables(digests.get(job.notificationId), job.stepIndex),
    };
    const missing = missingPayloadVariables(
      // The link of a call to action is optional by design (no URL: no link).
      [step.content, step.subject, ...(step.cta?.action?.buttons ?? []).map((b) => b.content)],
      payload,
    );
    if (missing.length > 0) {
      warnings.push({
        ...base,
        code: 3011,
        status: 'Warning',
        detail: `${EXECUTION_TEXT[3011]}: ${missing.join(', ')} (rendered empty)`,
      });
    }
    if (channel !== 'in_app') {
      deliveries.push({
        job: { ...job, eventId },
        attempt: job.attempts + 1,
        channel: channel as DeliveryChannel,
        step,
        subscriber,
        context,
        workflow: workflow.triggerIdentifier,
        payload: messagePayload,
      });
      continue;
    }
    try {
      const content = renderTemplate(step.content, context);
      const cta = renderCta(step.cta, context);
      if (step.actor?.type === 'user' && !actor?.avatar) {
        warnings.push({
          ...base,
          code: 3012,
          status: 'Warning',
          detail: `${EXECUTION_TEXT[3012]}: ${
            actorId === null
              ? 'the trigger named no actor'
              : actor
                ? 'the actor has no avatar'
                : `actor "${actorId}" not found`
          }`,
        });
      }
      const actorSetting =
        step.actor && step.actor.type !== 'none'
          ? {
              type: step.actor.type,
              data: step.actor.type === 'user' ? (actor?.avatar ?? null) : (step.actor.data ?? null),
            }
          : null;
      messages.push({
        environmentId: event.environmentId,
        organizationId: event.organizationId,
        subscriberId: subscriber.id,
        notificationId: job.notificationId,
        jobId: job.id,
        eventId,
        workflowId: job.workflowId,
        feedId: step.feedIdentifier ? (feeds.get(step.feedIdentifier) ?? null) : null,
        channel: 'in_app',
        stepId: step.id,
        templateIdentifier: workflow.triggerIdentifier,
        transactionId: job.transactionId,
        content,
        subject: step.subject ? renderTemplate(step.subject, context, 'text') : null,
        cta: cta === undefined ? null : JSON.stringify(cta),
        payload: JSON.stringify(messagePayload),
        actor: actorSetting === null ? null : JSON.stringify(actorSetting),
        actorSubscriberId: actorSetting?.type === 'user' ? (actor?.id ?? null) : null,
        severity: workflow.severity ?? 'none',
        createdAt: now,
        updatedAt: now,
      });
      outcomes.set(job.id, {
        status: 'completed',
        detail: { ...base, code: 1007, status: 'Success', detail: EXECUTION_TEXT[1007] },
      });
    } catch (error) {
      const message =
        error instanceof Error ? (error.message.split('\n')[0] ?? 'template error') : 'template error';
      outcomes.set(job.id, {
        status: 'failed',
        error: message,
        detail: { ...base, code: 3013, status: 'Failed', detail: `${EXECUTION_TEXT[3013]}: ${message}` },
      });
    }
  }

  const messageIdByJob = await insertMessages(trx, messages);
  const delivering = new Set(deliveries.map((task) => task.job.id));
  const lease = deps.lease ?? DEFAULT_LEASE;
  for (const status of ['completed', 'skipped', 'failed', 'running'] as const) {
    const ids = jobs
      .filter((job) =>
        status === 'running' ? delivering.has(job.id) : outcomes.get(job.id)?.status === status,
      )
      .map((job) => job.id);
    for (let start = 0; start < ids.length; start += 500) {
      await trx
        .updateTable('notifyJobs')
        .set((eb) => ({
          status,
          attempts: eb('attempts', '+', 1),
          updatedAt: now,
          // Delivered after the commit: leased to this process until settled (job-leases.repository.ts).
          ...(status === 'running'
            ? { leaseOwner: lease.owner, leaseExpiresAt: now + lease.ms }
            : { leaseOwner: null, leaseExpiresAt: null }),
          ...(status === 'failed' ? { error: 'delivery failed (see execution details)' } : {}),
        }))
        .where('id', 'in', ids.slice(start, start + 500))
        .execute();
    }
  }
  const details: ExecutionDetailInput[] = jobs.flatMap((job) => {
    const outcome = outcomes.get(job.id);
    if (!outcome) return []; // being delivered: settled by delivery/deliver.ts
    return {
      ...outcome.detail,
      environmentId: event.environmentId,
      organizationId: event.organizationId,
      messageId: messageIdByJob.get(job.id) ?? null,
      createdAt: now,
    };
  });

  details.push(
    ...warnings.map((warning) => ({
      ...warning,
      environmentId: event.environmentId,
      organizationId: event.organizationId,
      messageId:
        warning.jobId === null || warning.jobId === undefined
          ? null
          : (messageIdByJob.get(warning.jobId) ?? null),
      createdAt: now,
    })),
  );
  // Notifications with nothing left to run are done ("trigger processed").
  details.push(
    ...(await completeFinishedNotifications(
      trx,
      jobs.map((job) => ({
        ...job,
        environmentId: event.environmentId,
        organizationId: event.organizationId,
        eventId,
      })),
      now,
    )),
  );
  await insertExecutionDetails(trx, details);
  const delivered = messages.flatMap((message) => {
    const id = messageIdByJob.get(message.jobId);
    return id === undefined ? [] : [{ id, subscriberId: message.subscriberId }];
  });
  return { delivered, deliveries, full: jobs.length === WORKER_BATCH, questions };
}

/** The nearest in-app step before `stepId`: what a previousStep condition without a step reads. */
function previousInAppStepId(workflow: WorkflowSnapshot, stepId: string): string | undefined {
  const index = workflow.steps.findIndex((step) => step.id === stepId);
  return workflow.steps
    .slice(0, Math.max(0, index))
    .reverse()
    .find((step) => step.type === 'in_app')?.id;
}

type NewMessage = {
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

/**
 * Stores the messages; a job that already has its message re-arms it (unseen, fresh content and
 * time). PostgreSQL: one `INSERT … SELECT FROM unnest(…)` (an array per column); SQLite:
 * multi-row inserts.
 */
async function insertMessages(trx: Db, messages: readonly NewMessage[]): Promise<Map<number, number>> {
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
  for (let start = 0; start < messages.length; start += 200) {
    const rows = await trx
      .insertInto('notifyMessages')
      .values(messages.slice(start, start + 200))
      .onConflict((oc) =>
        oc.column('jobId').doUpdateSet((eb) => ({
          seen: 0,
          content: eb.ref('excluded.content'),
          subject: eb.ref('excluded.subject'),
          cta: eb.ref('excluded.cta'),
          payload: eb.ref('excluded.payload'),
          createdAt: eb.ref('excluded.createdAt'),
          updatedAt: eb.ref('excluded.updatedAt'),
        })),
      )
      .returning(['id', 'jobId'])
      .execute();
    for (const row of rows) byJob.set(row.jobId, row.id);
  }
  return byJob;
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
