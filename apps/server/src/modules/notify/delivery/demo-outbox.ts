import type { Db } from '../../../db/database';
import { insertOutboxMessage } from '../../mail/mail';
import type { EmailMessage } from './email';
import type { EmailSender, SendOutcome, SmsMessage, SmsSender } from './vendor';

/**
 * The demo providers `novu-email` and `novu-sms` (docs/PROVIDERS.md "Demo providers"): they send
 * nothing out of the machine. Each message lands in the local outbox — the in-app Mailbox of the
 * integration's organisation, where its admins read it — so a fresh install exercises the email
 * and SMS channels without an account anywhere.
 */

export const DEMO_PROVIDERS = { email: 'novu-email', sms: 'novu-sms' } as const;

async function store(
  db: Db,
  organizationId: number,
  row: { recipient: string; subject: string; text: string; html: string },
  now: number,
): Promise<SendOutcome> {
  await insertOutboxMessage(db, {
    organizationId,
    recipient: row.recipient,
    subject: row.subject,
    textBody: row.text,
    htmlBody: row.html,
    createdAt: now,
  });
  return { raw: 'stored in the local outbox (Mailbox)' };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function demoEmailSender(db: Db, organizationId: number): EmailSender {
  return (ctx, message: EmailMessage) =>
    store(
      db,
      organizationId,
      { recipient: message.to, subject: message.subject, text: message.text, html: message.html },
      ctx.now(),
    );
}

export function demoSmsSender(db: Db, organizationId: number): SmsSender {
  return (ctx, message: SmsMessage) =>
    store(
      db,
      organizationId,
      {
        recipient: message.to,
        subject: `SMS to ${message.to}`,
        text: message.content,
        html: `<pre>${escapeHtml(message.content)}</pre>`,
      },
      ctx.now(),
    );
}
