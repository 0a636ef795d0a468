import { fromOf, smtpOptions } from '../email';
import type { EmailSender } from '../vendor';
import { required } from './common';
import { sendOverSmtp, smtpEndpoint } from './smtp';

/**
 * EmailJS, as Novu defines it: a plain SMTP account (host, port, TLS from the start or not, user
 * and password), sent with the same nodemailer path as custom SMTP. STARTTLS is used whenever the
 * server offers it. SMTP has no idempotency key: a retry after a lost answer may send twice.
 */
export const emailjs: EmailSender = (ctx, message) => {
  const host = required(ctx, 'EmailJS', 'host', 'host');
  const port = required(ctx, 'EmailJS', 'port', 'port');
  required(ctx, 'EmailJS', 'from', 'from address');
  const endpoint = smtpEndpoint(ctx.origin(`smtp://${host}:${port}`));
  return sendOverSmtp({ ...smtpOptions(ctx.credentials), ...endpoint }, fromOf(ctx.credentials), message, {
    provider: 'EmailJS',
    network: ctx.network,
  });
};
