import { createHash } from 'node:crypto';
import type { TExecutionCode, TNotifyChannel, TWorkflowStep } from '@forecourt/contracts';
import type { Db } from '../../../db/database';
import { EXECUTION_TEXT } from '../execution-details.repository';
import type { LiveIntegration } from '../integrations.service';
import type { TJobRef } from '../jobs';
import type { SubscriberRow } from '../subscribers.repository';
import { type RenderMode, renderContent } from '../templates';
import { type ResolvedSender, resolveSender } from './adapters';
import type { ChatMessage } from './chat';
import { type EmailMessage, jobMessageId } from './email';
import type { DeliveryOptions } from './options';
import type { PushMessage } from './push';
import type { SmsMessage } from './vendor';

/**
 * What one email, SMS, chat or push job sends, to whom and through which integrations: the
 * rendered message and its "slots". A slot is one message to deliver: through a chain of
 * integrations tried in order (email and SMS: the primary, then the others on a permanent
 * failure, when the step allows failover) or through exactly one (each chat webhook, each push
 * integration with device tokens). Or the reason nothing can be sent (an execution code).
 */

export type DeliveryChannel = Exclude<TNotifyChannel, 'in_app'>;

export type DeliveryTask = {
  job: TJobRef;
  /** This run's attempt number (1 for the first). */
  attempt: number;
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

export type Candidate = {
  integration: LiveIntegration;
  sender: ResolvedSender;
  /** The send's key in notify_delivery_attempts: the integration, plus the webhook for chat. */
  key: string;
  message: EmailMessage | SmsMessage | PushMessage | ChatMessage;
};

export type Slot = { chain: Candidate[] };

export type Plan =
  | { ok: true; slots: Slot[]; record: { content: string; subject: string | null } }
  | { ok: false; code: TExecutionCode; detail: string };

export const MISSING_INTEGRATION: Record<DeliveryChannel, TExecutionCode> = {
  email: 3005,
  sms: 3007,
  chat: 3008,
  push: 3009,
};
export const PROVIDER_ERROR: Record<DeliveryChannel, TExecutionCode> = {
  email: 1008,
  sms: 1004,
  chat: 1005,
  push: 1010,
};
/** Active integrations exist, none of them can send: SMS and push have their own codes. */
const NO_DELIVERING_PROVIDER: Record<DeliveryChannel, TExecutionCode> = {
  email: 1008,
  sms: 1006,
  chat: 1005,
  push: 1011,
};

const fail = (code: TExecutionCode, detail: string = EXECUTION_TEXT[code]): Plan => ({
  ok: false,
  code,
  detail,
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

function templateFailure(error: unknown): Plan {
  const message =
    error instanceof Error ? (error.message.split('\n')[0] ?? 'template error') : 'template error';
  return fail(3013, `${EXECUTION_TEXT[3013]}: ${message}`);
}

const webhookKey = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 16);

/** Renders the task's message and lists its slots (or says why nothing can be sent). */
export function planDelivery(
  task: DeliveryTask,
  active: readonly LiveIntegration[],
  db: Db,
  options: DeliveryOptions,
): Plan {
  const { channel, step, subscriber, context } = task;
  const render = (source: string | undefined, mode: RenderMode) =>
    renderContent(source, context, mode, options.filesHost);
  if (active.length === 0) return fail(MISSING_INTEGRATION[channel]);
  const capable = active.flatMap((integration) => {
    const sender = resolveSender(integration, db, options);
    return sender ? [{ integration, sender }] : [];
  });
  if (capable.length === 0) {
    const names = active.map((integration) => integration.provider.displayName).join(', ');
    return fail(
      NO_DELIVERING_PROVIDER[channel],
      `${EXECUTION_TEXT[NO_DELIVERING_PROVIDER[channel]]}: ${names} does not deliver in this version`,
    );
  }
  const meta = {
    transactionId: task.job.transactionId,
    subscriberId: subscriber.subscriberId,
    workflow: task.workflow,
  };
  // Email and SMS: one message through the primary, then (failover) the next integrations.
  const chain = (message: Candidate['message']): Slot[] => {
    const all = capable.map(({ integration, sender }) => ({
      integration,
      sender,
      key: String(integration.row.id),
      message,
    }));
    return [{ chain: step.failover === false ? all.slice(0, 1) : all }];
  };

  if (channel === 'email') {
    if (!subscriber.email) return fail(3002);
    let message: EmailMessage;
    try {
      const html = render(step.content, 'html');
      message = {
        to: subscriber.email,
        subject: render(step.subject, 'text'),
        html,
        text: htmlToText(html),
        ...meta,
        // The same Message-ID whichever process sends the job's mail (a re-send after a lease expired).
        messageId: jobMessageId(task.job.id, task.job.transactionId),
      };
    } catch (error) {
      return templateFailure(error);
    }
    return { ok: true, slots: chain(message), record: { content: message.html, subject: message.subject } };
  }

  if (channel === 'sms') {
    if (!subscriber.phone) return fail(3003);
    let content: string;
    try {
      content = render(step.content, 'text');
    } catch (error) {
      return templateFailure(error);
    }
    const message: SmsMessage = { to: subscriber.phone, content, ...meta };
    return { ok: true, slots: chain(message), record: { content, subject: null } };
  }

  let content: string;
  let title: string;
  try {
    content = render(step.content, 'text');
    title = render(step.subject, 'text');
  } catch (error) {
    return templateFailure(error);
  }
  const record = { content, subject: title || null };

  if (channel === 'chat') {
    const slots: Slot[] = [];
    for (const { integration, sender } of capable)
      for (const credentials of subscriberCredentials(subscriber, integration))
        if (isHttpUrl(credentials.webhookUrl))
          slots.push({
            chain: [
              {
                integration,
                sender,
                key: `${integration.row.id}:${webhookKey(credentials.webhookUrl)}`,
                message: { webhookUrl: credentials.webhookUrl, content, title },
              },
            ],
          });
    if (slots.length === 0) return fail(3006);
    return { ok: true, slots, record };
  }

  // push: every integration with device tokens of the subscriber
  const slots: Slot[] = [];
  for (const { integration, sender } of capable) {
    const target = subscriberCredentials(subscriber, integration)
      .flatMap((credentials) => (Array.isArray(credentials.deviceTokens) ? credentials.deviceTokens : []))
      .filter((token): token is string => typeof token === 'string' && token !== '');
    if (target.length === 0) continue;
    const message: PushMessage = {
      target: [...new Set(target)],
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
    };
    slots.push({ chain: [{ integration, sender, key: String(integration.row.id), message }] });
  }
  if (slots.length === 0) return fail(3010);
  return { ok: true, slots, record };
}
