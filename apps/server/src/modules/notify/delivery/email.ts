import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { LiveIntegration } from '../integrations.service';
import { DELIVERY_TIMEOUT_MS, DeliveryError, type PostOptions, postJson } from './http';

/** What an email step (or a test send) hands to an email provider. */
export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  transactionId: string;
  subscriberId: string | null;
  workflow: string | null;
};

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** `Name <address>` from the integration's from address and sender name. */
function fromOf(credentials: LiveIntegration['credentials']) {
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

async function sendSmtp(integration: LiveIntegration, message: EmailMessage, timeoutMs?: number) {
  const transport = nodemailer.createTransport(smtpOptions(integration.credentials, timeoutMs));
  try {
    const info = await transport.sendMail({
      from: fromOf(integration.credentials),
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
    return { raw: typeof info.response === 'string' ? info.response.slice(0, 300) : undefined };
  } catch (error) {
    // nodemailer's messages name the server's answer (auth refused, connection refused…), never the password.
    const err = error as { message?: string; code?: string; responseCode?: number };
    const text = (err.message ?? 'SMTP error').split('\n')[0] ?? 'SMTP error';
    throw new DeliveryError(`SMTP: ${text}`.slice(0, 300), err.code);
  } finally {
    transport.close();
  }
}

/** The email webhook: the rendered mail as JSON, signed with the integration's secret key. */
async function sendEmailWebhook(integration: LiveIntegration, message: EmailMessage, options: PostOptions) {
  const { credentials } = integration;
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

/** Sends through an email integration; throws DeliveryError for a provider this version cannot use. */
export function sendEmail(
  integration: LiveIntegration,
  message: EmailMessage,
  options: PostOptions = {},
): Promise<{ raw?: string | undefined }> {
  switch (integration.provider.id) {
    case 'nodemailer':
      return sendSmtp(integration, message, options.timeoutMs);
    case 'email-webhook':
      return sendEmailWebhook(integration, message, options);
    default:
      return Promise.reject(
        new DeliveryError(`${integration.provider.displayName} does not deliver in this version`),
      );
  }
}
