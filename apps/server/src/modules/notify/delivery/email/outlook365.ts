import { DELIVERY_TIMEOUT_MS } from '../http';
import type { EmailSender } from '../vendor';
import { required, senderOf } from './common';
import { sendOverSmtp, smtpEndpoint } from './smtp';

/**
 * Microsoft Outlook 365 over SMTP AUTH: `smtp.office365.com:587`, STARTTLS required (the password
 * never crosses an unencrypted connection; a server that does not offer STARTTLS is refused),
 * logged in as the from address with the integration's password. The tenant must allow SMTP AUTH
 * for that mailbox. SMTP has no idempotency key.
 */
export const outlook365: EmailSender = (ctx, message) => {
  const password = required(ctx, 'Outlook 365', 'password', 'password');
  const from = senderOf(ctx, 'Outlook 365');
  const endpoint = smtpEndpoint(ctx.origin('smtp://smtp.office365.com:587'));
  return sendOverSmtp(
    {
      ...endpoint,
      secure: false,
      requireTLS: true,
      auth: { user: from.email, pass: password },
      tls: { minVersion: 'TLSv1.2' },
      connectionTimeout: DELIVERY_TIMEOUT_MS,
      greetingTimeout: DELIVERY_TIMEOUT_MS,
      socketTimeout: DELIVERY_TIMEOUT_MS,
    },
    from.name ? { name: from.name, address: from.email } : from.email,
    message,
    { provider: 'Outlook 365', network: ctx.network },
  );
};
