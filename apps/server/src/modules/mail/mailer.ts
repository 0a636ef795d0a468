import nodemailer from 'nodemailer';
import type { Db } from '../../db/database';
import { insertOutboxMessage } from './outbox.repository';

/**
 * One outgoing mail. `link` is the action link of the mail; it holds a live token (reset,
 * verification, invitation), so it is never logged.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The organisation the recipient acts in, when known (outbox visibility for its admins). */
  organizationId?: number | null;
  /**
   * Whether that organisation's admins may read the body in the Mailbox: only for mail they sent on
   * purpose (an invitation). Otherwise they see that it was sent, never its link.
   */
  organizationReadsBody?: boolean;
  link?: string;
};

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'outbox' (the embedded mailbox in the database). */
  readonly mode: 'smtp' | 'outbox';
  sendMail(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

type MailLog = { info(data: object, message: string): void };

export type MailerOptions = {
  db: Db;
  smtpUrl: string | null;
  from: string;
  log: MailLog;
  clock?: () => number;
};

export const DEFAULT_MAIL_FROM = 'Forecourt <no-reply@forecourt.local>';

/** The mailer for the configuration: SMTP through nodemailer, or the outbox table. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options);
}

function smtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    mode: 'smtp',
    async sendMail(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      // Over SMTP the link stays in the mail: the log names recipient and subject only.
      options.log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer(options: MailerOptions): Mailer {
  const clock = options.clock ?? Date.now;
  return {
    mode: 'outbox',
    async sendMail(message) {
      await insertOutboxMessage(options.db, {
        organizationId: message.organizationId ?? null,
        organizationReadsBody: message.organizationReadsBody ? 1 : 0,
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        createdAt: clock(),
      });
      // The link is a live credential: the recipient reads it in their Mailbox, the log never has it.
      options.log.info({ to: message.to, subject: message.subject }, 'mail kept in the outbox');
    },
    async close() {},
  };
}
