import type { TExecutionCode, TNotifyChannel, TWorkflowStep } from '@forecourt/contracts';
import type { Db } from '../../../db/database';
import {
  EXECUTION_TEXT,
  type ExecutionDetailInput,
  insertExecutionDetails,
} from '../execution-details.repository';
import { activeIntegrations, type LiveIntegration } from '../integrations.service';
import type { TJobRef } from '../jobs';
import { completeFinishedNotifications } from '../notification-completion';
import type { NotifyDeps } from '../notify.deps';
import type { SubscriberRow } from '../subscribers.repository';
import { renderTemplate } from '../templates';
import { type ChatMessage, sendChat } from './chat';
import { type EmailMessage, jobMessageId, sendEmail } from './email';
import { DeliveryError, type PostOptions } from './http';
import { sendPush } from './push';

/**
 * Email, SMS, chat and push steps. The worker claims their jobs in its transaction (status
 * `running`) and hands them here after the commit, so no database transaction waits on a
 * provider. Each job is rendered, sent through the environment's active integrations, and settled
 * in one short transaction: job status, a message record, execution details (spec §8 codes) and,
 * when nothing else is left, the notification. A failed send is recorded and the job `failed`; the
 * job system does not retry it.
 */

export type DeliveryChannel = Exclude<TNotifyChannel, 'in_app'>;

export type DeliveryTask = {
  job: TJobRef;

  channel: DeliveryChannel;
  step: TWorkflowStep;
  subscriber: SubscriberRow;
  /** The template context (payload, subscriber, actor, tenant). */
  context: Record<string, unknown>;
  /** The trigger identifier. */
  workflow: string;
  /** The payload stored on the message (without attachments). */
  payload: Record<string, unknown>;
};

type DeliveryDeps = Pick<NotifyDeps, 'db' | 'now' | 'keys' | 'log'> & { delivery?: PostOptions };

/** Jobs sent at the same time. */
const PARALLEL_SENDS = 8;

type Detail = {
  code: TExecutionCode;
  status: 'Success' | 'Failed' | 'Warning';
  detail: string;
  raw?: string;
};
type Result = {
  status: 'completed' | 'failed';
  details: Detail[];
  message?: { content: string; subject: string | null; status: 'sent' | 'error' };
};

const MISSING_INTEGRATION: Record<DeliveryChannel, TExecutionCode> = {
  email: 3005,
  sms: 3007,
  chat: 3008,
  push: 3009,
};
const PROVIDER_ERROR: Record<DeliveryChannel, TExecutionCode> = {
  email: 1008,
  sms: 1004,
  chat: 1005,
  push: 1010,
};

const failed = (code: TExecutionCode, detail: string = EXECUTION_TEXT[code]): Result => ({
  status: 'failed',
  details: [{ code, status: 'Failed', detail }],
});

/** A plain-text alternative of rendered HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The subscriber's channel credentials stored for a provider (Novu's `channels` entries). */
function subscriberCredentials(subscriber: SubscriberRow, integration: LiveIntegration) {
  let channels: unknown;
  try {
    channels = JSON.parse(subscriber.channels);
  } catch {
    return [];
  }
  if (!Array.isArray(channels)) return [];
  return channels
    .filter(
      (entry): entry is { providerId: string; integrationIdentifier?: string; credentials?: unknown } => {
        if (!entry || typeof entry !== 'object') return false;
        const e = entry as Record<string, unknown>;
        return (
          e.providerId === integration.provider.id &&
          (e.integrationIdentifier === undefined ||
            e.integrationIdentifier === null ||
            e.integrationIdentifier === integration.row.identifier)
        );
      },
    )
    .map(
      (entry) =>
        (entry.credentials && typeof entry.credentials === 'object' ? entry.credentials : {}) as Record<
          string,
          unknown
        >,
    );
}

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 2000 && /^https?:\/\/\S+$/i.test(value);

const sentVia = (integration: LiveIntegration) =>
  `Message sent through ${integration.provider.displayName} (${integration.row.identifier})`;
const errorVia = (channel: DeliveryChannel, integration: LiveIntegration, error: unknown) =>
  `${EXECUTION_TEXT[PROVIDER_ERROR[channel]]}: ${integration.provider.displayName}: ${
    error instanceof Error ? error.message : 'failed'
  }`;

function templateFailure(error: unknown): Result {
  const message =
    error instanceof Error ? (error.message.split('\n')[0] ?? 'template error') : 'template error';
  return failed(3013, `${EXECUTION_TEXT[3013]}: ${message}`);
}

/** Sends through one integration, turning the outcome into an execution detail. */
async function attempt(
  channel: DeliveryChannel,
  integration: LiveIntegration,
  send: () => Promise<{ raw?: string | undefined }>,
): Promise<Detail> {
  try {
    const { raw } = await send();
    return { code: 1009, status: 'Success', detail: sentVia(integration), ...(raw ? { raw } : {}) };
  } catch (error) {
    return {
      code: PROVIDER_ERROR[channel],
      status: 'Failed',
      detail: errorVia(channel, integration, error).slice(0, 500),
      ...(error instanceof DeliveryError && error.raw ? { raw: error.raw.slice(0, 300) } : {}),
    };
  }
}

/** Completed when at least one send went through. */
function settled(details: Detail[], message: { content: string; subject: string | null }): Result {
  const ok = details.some((d) => d.status === 'Success');
  return {
    status: ok ? 'completed' : 'failed',
    details,
    message: { ...message, status: ok ? 'sent' : 'error' },
  };
}

async function deliverOne(
  task: DeliveryTask,
  integrations: Map<TNotifyChannel, LiveIntegration[]>,
  options: PostOptions,
): Promise<Result> {
  const { channel, step, subscriber, context } = task;
  const active = integrations.get(channel) ?? [];
  if (active.length === 0) return failed(MISSING_INTEGRATION[channel]);

  if (channel === 'email') {
    if (!subscriber.email) return failed(3002);
    const [integration] = active as [LiveIntegration];
    let message: EmailMessage;
    try {
      const html = renderTemplate(step.content, context, 'html');
      message = {
        to: subscriber.email,
        subject: renderTemplate(step.subject, context, 'text'),
        html,
        text: htmlToText(html),
        transactionId: task.job.transactionId,
        subscriberId: subscriber.subscriberId,
        workflow: task.workflow,
        messageId: jobMessageId(task.job.id, task.job.transactionId),
      };
    } catch (error) {
      return templateFailure(error);
    }
    const detail = await attempt('email', integration, () => sendEmail(integration, message, options));
    return settled([detail], { content: message.html, subject: message.subject });
  }

  if (channel === 'sms') {
    if (!subscriber.phone) return failed(3003);
    const [integration] = active as [LiveIntegration];
    return failed(
      1004,
      `${EXECUTION_TEXT[1004]}: ${integration.provider.displayName} does not deliver in this version`,
    );
  }

  let content: string;
  let title: string;
  try {
    content = renderTemplate(step.content, context, 'text');
    title = renderTemplate(step.subject, context, 'text');
  } catch (error) {
    return templateFailure(error);
  }

  if (channel === 'chat') {
    const sends: { integration: LiveIntegration; message: ChatMessage }[] = [];
    for (const integration of active)
      for (const credentials of subscriberCredentials(subscriber, integration))
        if (isHttpUrl(credentials.webhookUrl))
          sends.push({ integration, message: { webhookUrl: credentials.webhookUrl, content, title } });
    if (sends.length === 0) return failed(3006);
    const details = await Promise.all(
      sends.map(({ integration, message }) =>
        attempt('chat', integration, () => sendChat(integration.provider.id, message, options)),
      ),
    );
    return settled(details, { content, subject: title || null });
  }

  // push
  const sends: { integration: LiveIntegration; target: string[] }[] = [];
  for (const integration of active) {
    const target = subscriberCredentials(subscriber, integration)
      .flatMap((credentials) => (Array.isArray(credentials.deviceTokens) ? credentials.deviceTokens : []))
      .filter((token): token is string => typeof token === 'string' && token !== '');
    if (target.length > 0) sends.push({ integration, target: [...new Set(target)] });
  }
  if (sends.length === 0) return failed(3010);
  const details = await Promise.all(
    sends.map(({ integration, target }) =>
      attempt('push', integration, () =>
        sendPush(
          integration,
          {
            target,
            title,
            content,
            payload: task.payload,
            subscriber: {
              subscriberId: subscriber.subscriberId,
              firstName: subscriber.firstName,
              lastName: subscriber.lastName,
              locale: subscriber.locale,
            },
            transactionId: task.job.transactionId,
            workflow: task.workflow,
          },
          options,
        ),
      ),
    ),
  );
  return settled(details, { content, subject: title || null });
}

/** Marks notifications whose jobs are all done as completed, with the "trigger processed" detail. */
async function finishNotifications(trx: Db, tasks: readonly DeliveryTask[], now: number): Promise<void> {
  await insertExecutionDetails(
    trx,
    await completeFinishedNotifications(
      trx,
      tasks.map((task) => task.job),
      now,
    ),
  );
}

async function settle(deps: DeliveryDeps, results: { task: DeliveryTask; result: Result }[]): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    for (const { task, result } of results) {
      const { job } = task;
      await trx
        .updateTable('notifyJobs')
        .set({
          status: result.status,
          updatedAt: now,
          error: result.status === 'failed' ? 'delivery failed (see execution details)' : null,
        })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .execute();
      let messageId: number | null = null;
      if (result.message) {
        const row = await trx
          .insertInto('notifyMessages')
          .values({
            environmentId: job.environmentId,
            organizationId: job.organizationId,
            subscriberId: job.subscriberId,
            notificationId: job.notificationId,
            jobId: job.id,
            eventId: job.eventId,
            workflowId: job.workflowId,
            channel: task.channel,
            stepId: task.step.id,
            templateIdentifier: task.workflow,
            transactionId: job.transactionId,
            content: result.message.content,
            subject: result.message.subject,
            payload: JSON.stringify(task.payload),
            status: result.message.status,
            createdAt: now,
            updatedAt: now,
          })
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
        messageId = row.id;
      }
      const details: ExecutionDetailInput[] = result.details.map((detail) => ({
        environmentId: job.environmentId,
        organizationId: job.organizationId,
        eventId: job.eventId,
        notificationId: job.notificationId,
        jobId: job.id,
        subscriberId: job.subscriberId,
        workflowId: job.workflowId,
        messageId,
        transactionId: job.transactionId,
        channel: task.channel,
        code: detail.code,
        status: detail.status,
        detail: detail.detail,
        raw: detail.raw ?? null,
        createdAt: now,
      }));
      await insertExecutionDetails(trx, details);
    }
    await finishNotifications(
      trx,
      results.map(({ task }) => task),
      now,
    );
  });
}

/** Renders, sends and settles claimed (running) email/SMS/chat/push jobs. */
export async function deliverJobs(deps: DeliveryDeps, tasks: readonly DeliveryTask[]): Promise<void> {
  const integrationsByEnvironment = new Map<number, Map<TNotifyChannel, LiveIntegration[]>>();
  for (const environmentId of new Set(tasks.map((task) => task.job.environmentId)))
    integrationsByEnvironment.set(environmentId, await activeIntegrations(deps, environmentId));
  const options: PostOptions = { now: deps.now, ...deps.delivery };
  for (let start = 0; start < tasks.length; start += PARALLEL_SENDS) {
    const slice = tasks.slice(start, start + PARALLEL_SENDS);
    const results = await Promise.all(
      slice.map(async (task) => ({
        task,
        result: await deliverOne(
          task,
          integrationsByEnvironment.get(task.job.environmentId) ?? new Map(),
          options,
        ).catch((error: unknown) => {
          deps.log.error({ err: error, jobId: task.job.id }, 'notification delivery failed unexpectedly');
          return failed(
            PROVIDER_ERROR[task.channel],
            `${EXECUTION_TEXT[PROVIDER_ERROR[task.channel]]}: internal error`,
          );
        }),
      })),
    );
    await settle(deps, results);
  }
}
