import { credential, type EmailSender, expectSuccess } from '../vendor';
import { answered, formatAddress, multipart, required, senderOf, textAt } from './common';

/**
 * Mailgun: `POST /v3/<domain>/messages` as multipart/form-data with Basic auth (user `api`, the
 * API key as password). EU domains are served from the EU host: set the integration's base URL to
 * it. Success is 200 `{ id, message: "Queued. Thank you." }`; errors are `{ message }` (401 is a
 * plain "Forbidden"). Mailgun has no idempotency key.
 */
export const mailgun: EmailSender = async (ctx, message) => {
  const apiKey = required(ctx, 'Mailgun', 'apiKey', 'API key');
  const domain = required(ctx, 'Mailgun', 'domain', 'sending domain');
  const user = credential(ctx.credentials, 'user') ?? 'api';
  const from = senderOf(ctx, 'Mailgun');
  const base = (credential(ctx.credentials, 'baseUrl') ?? 'https://api.mailgun.net').replace(
    /\/+(v3\/?)?$/,
    '',
  );
  const form = await multipart([
    ['from', formatAddress(from)],
    ['to', message.to],
    ['subject', message.subject],
    ['html', message.html],
    ...(message.text ? ([['text', message.text]] as [string, string][]) : []),
    ['v:transactionId', message.transactionId],
  ]);
  const answer = await ctx.http({
    url: `${ctx.origin(base)}/v3/${encodeURIComponent(domain)}/messages`,
    headers: {
      authorization: `Basic ${Buffer.from(`${user}:${apiKey}`).toString('base64')}`,
      'content-type': form.type,
    },
    body: form.body,
  });
  expectSuccess('Mailgun', answer, (json) => textAt(json, 'message'));
  const messageId = textAt(answer.json, 'id');
  return { messageId, raw: answered(answer.status, messageId) };
};
