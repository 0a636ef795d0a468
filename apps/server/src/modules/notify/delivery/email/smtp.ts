import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { EmailMessage } from '../email';
import { AddressRefusedError, addressCheck, type NetworkPolicy, resolveChecked } from '../network';
import { DeliveryError, type SendOutcome } from '../vendor';

/** nodemailer error codes that another attempt cannot fix: refused login, TLS required but absent, refused envelope. */
const FINAL_CODES = new Set(['EAUTH', 'ETLS', 'EENVELOPE']);

/**
 * Sends one message over SMTP with nodemailer (custom SMTP, EmailJS, Outlook 365). The host is
 * resolved and checked against the network policy once, and the connection goes to that address
 * (TLS still verifies the host name). A 5xx SMTP reply, a refused login or missing TLS is
 * permanent; a 4xx reply or a connection failure transient. Error texts are nodemailer's, which
 * name the server's answer, never the password.
 */
export async function sendOverSmtp(
  options: SMTPTransport.Options,
  from: string | { name: string; address: string } | undefined,
  message: EmailMessage,
  settings: { provider?: string; network?: NetworkPolicy | undefined } = {},
): Promise<SendOutcome> {
  const provider = settings.provider ?? 'SMTP';
  const host = options.host ?? 'localhost';
  let address: string;
  try {
    address = await resolveChecked(host, addressCheck(settings.network));
  } catch (error) {
    if (error instanceof AddressRefusedError) throw new DeliveryError(`${provider}: ${error.message}`);
    const code = (error as { code?: string }).code ?? 'lookup failed';
    throw new DeliveryError(`${provider}: the host could not be resolved (${code})`, { kind: 'transient' });
  }
  const connect =
    address === host ? options : { ...options, host: address, tls: { servername: host, ...options.tls } };
  const transport = nodemailer.createTransport(connect);
  try {
    const info = await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      // The job's own Message-ID: a mail sent again after its process died carries the same id.
      ...(message.messageId ? { messageId: message.messageId } : {}),
    });
    return {
      raw: typeof info.response === 'string' ? info.response.slice(0, 300) : undefined,
      messageId: typeof info.messageId === 'string' ? info.messageId : undefined,
    };
  } catch (error) {
    const err = error as { message?: string; code?: string; responseCode?: number };
    const text = (err.message ?? 'SMTP error').split('\n')[0] ?? 'SMTP error';
    const final =
      (err.responseCode !== undefined && err.responseCode >= 500) || FINAL_CODES.has(err.code ?? '');
    throw new DeliveryError(`${provider}: ${text}`.slice(0, 300), {
      raw: err.code,
      kind: final ? 'permanent' : 'transient',
    });
  } finally {
    transport.close();
  }
}

/** Host and port of an `smtp://host:port` origin (the default or an operator's override). */
export function smtpEndpoint(origin: string): { host: string; port: number } {
  const url = new URL(origin);
  return { host: url.hostname, port: Number(url.port || 587) };
}
