import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { LiveIntegration } from '../integrations.service';
import { sendOverSmtp } from './email/smtp';
import { DELIVERY_TIMEOUT_MS, type PostOptions, postJson } from './http';
import type { NetworkPolicy } from './network';

/** What an email step (or a test send) hands to an email provider. */
export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  transactionId: string;
  subscriberId: string | null;
  workflow: string | null;
  /**
   * The mail's Message-ID, derived from its job: a mail sent again after its process died (lease
   * expired mid-send) carries the same id, so receivers and the activity feed see one mail.
   */
  messageId?: string | undefined;
};

/** The Message-ID of the mail of notification job `jobId` (stable across re-sends of that job). */
export function jobMessageId(jobId: number, transactionId: string): string {
  return `<job-${jobId}.${transactionId.replace(/[^A-Za-z0-9._-]/g, '')}@forecourt.notify>`;
}

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** `Name <address>` from the integration's from address and sender name. */
export function fromOf(credentials: LiveIntegration['credentials']) {
  const address = str(credentials.from);
  if (!address) return undefined;
  const name = str(credentials.senderName);
  return name ? { name, address } : address;
}

/** The nodemailer transport options of a custom SMTP integration (TLS options, DKIM). */
export function smtpOptions(credentials: LiveIntegration['credentials'], timeoutMs = DELIVERY_TIMEOUT_MS) {
  const user = str(credentials.user);
  const domain = str(credentials.domain);
  const privateKey = str(credentials.secretKey);
  const selector = str(credentials.accountSid);
  const options: SMTPTransport.Options = {
    host: str(credentials.host) ?? 'localhost',
    port: Number(credentials.port),
    secure: credentials.secure === true,
    requireTLS: credentials.requireTls === true,
    ignoreTLS: credentials.ignoreTls === true,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
  if (user) options.auth = { user, pass: str(credentials.password) ?? '' };
  if (credentials.tlsOptions && typeof credentials.tlsOptions === 'object')
    options.tls = credentials.tlsOptions as SMTPTransport.Options['tls'];
  // DKIM signs only with all three: the domain, the selector and the private key.
  if (domain && privateKey && selector)
    options.dkim = { domainName: domain, keySelector: selector, privateKey };
  return options;
}

/**
 * Sends over custom SMTP: the host is resolved and checked against the network policy once and
 * the connection goes to that address (email/smtp.ts).
 */
export function sendSmtp(
  credentials: LiveIntegration['credentials'],
  message: EmailMessage,
  options: { timeoutMs?: number | undefined; network?: NetworkPolicy | undefined } = {},
) {
  return sendOverSmtp(smtpOptions(credentials, options.timeoutMs), fromOf(credentials), message, {
    network: options.network,
  });
}

/** The email webhook: the rendered mail as JSON, signed with the integration's secret key. */
export async function sendEmailWebhook(
  credentials: LiveIntegration['credentials'],
  message: EmailMessage,
  options: PostOptions,
) {
  const answer = await postJson(
    String(credentials.webhookUrl),
    {
      type: 'email',
      to: [message.to],
      from: str(credentials.from) ?? null,
      senderName: str(credentials.senderName) ?? null,
      subject: message.subject,
      html: message.html,
      text: message.text,
      transactionId: message.transactionId,
      subscriberId: message.subscriberId,
      workflow: message.workflow,
    },
    { ...options, signingSecret: String(credentials.secretKey) },
  );
  return { raw: `HTTP ${answer.status}` };
}
