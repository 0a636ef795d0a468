import type { TProvider } from '@forecourt/contracts';
import type { Db } from '../../../db/database';
import type { LiveIntegration } from '../integrations.service';
import { type ChatMessage, chatBody, sendChat } from './chat';
import { DEMO_PROVIDERS, demoEmailSender, demoSmsSender } from './demo-outbox';
import { type EmailMessage, sendEmailWebhook, sendSmtp } from './email';
import { EMAIL_SENDERS } from './email/index';
import type { DeliveryOptions } from './options';
import { type PushMessage, sendPushWebhook } from './push';
import { PUSH_SENDERS } from './push/index';
import { SMS_SENDERS } from './sms/index';
import type { EmailSender, PushSender, SendContext, SendOutcome, SmsMessage, SmsSender } from './vendor';

/**
 * Which code sends for a provider. Built-in first (SMTP, the signed webhooks, the chat webhooks,
 * the demo outbox), then the vendor adapter registries (email/, sms/, push/). A provider whose
 * `delivers` flag is true in the catalogue must resolve here (adapters.unit.test.ts checks both ways).
 */

export type ChatSender = (ctx: SendContext, message: ChatMessage) => Promise<SendOutcome>;

export type ResolvedSender =
  | { channel: 'email'; send: EmailSender }
  | { channel: 'sms'; send: SmsSender }
  | { channel: 'push'; send: PushSender }
  | { channel: 'chat'; send: ChatSender };

const smtp: EmailSender = (ctx, message: EmailMessage) =>
  sendSmtp(ctx.credentials, message, { timeoutMs: ctx.timeoutMs, network: ctx.network });
const emailWebhook: EmailSender = (ctx, message) =>
  sendEmailWebhook(ctx.credentials, message, { http: ctx.http, now: ctx.now });
const pushWebhook: PushSender = (ctx, message: PushMessage) =>
  sendPushWebhook(ctx.credentials, message, { http: ctx.http, now: ctx.now });
const chatSender =
  (providerId: string): ChatSender =>
  (ctx, message) =>
    sendChat(providerId, message, { http: ctx.http, now: ctx.now });

const BUILT_IN_EMAIL: Record<string, EmailSender> = { nodemailer: smtp, 'email-webhook': emailWebhook };
const BUILT_IN_PUSH: Record<string, PushSender> = { 'push-webhook': pushWebhook };

/** The sender of an integration's provider, or undefined when this version cannot send through it. */
export function resolveSender(
  integration: Pick<LiveIntegration, 'provider'> & { row: { organizationId: number } },
  db: Db,
  options: Pick<DeliveryOptions, 'senders'> = {},
): ResolvedSender | undefined {
  const { id, channel } = integration.provider;
  switch (channel) {
    case 'email': {
      if (id === DEMO_PROVIDERS.email)
        return { channel, send: demoEmailSender(db, integration.row.organizationId) };
      const send = options.senders?.email?.[id] ?? BUILT_IN_EMAIL[id] ?? EMAIL_SENDERS[id];
      return send ? { channel, send } : undefined;
    }
    case 'sms': {
      if (id === DEMO_PROVIDERS.sms)
        return { channel, send: demoSmsSender(db, integration.row.organizationId) };
      const send = options.senders?.sms?.[id] ?? SMS_SENDERS[id];
      return send ? { channel, send } : undefined;
    }
    case 'push': {
      const send = options.senders?.push?.[id] ?? BUILT_IN_PUSH[id] ?? PUSH_SENDERS[id];
      return send ? { channel, send } : undefined;
    }
    case 'chat':
      return chatBody(id, { content: '' }) === undefined ? undefined : { channel, send: chatSender(id) };
    default:
      return undefined;
  }
}

/** Whether this version delivers through a catalogue provider (in-app always does). */
export function hasAdapter(provider: TProvider): boolean {
  if (provider.channel === 'in_app') return provider.id === 'novu';
  return resolveSender({ provider, row: { organizationId: 0 } }, undefined as unknown as Db) !== undefined;
}

export type { SmsMessage };
