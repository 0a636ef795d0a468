import { type EmailSender, expectSuccess } from '../vendor';
import { answered, idempotencyUuid, required, senderOf, textAt } from './common';

/**
 * Brevo (formerly Sendinblue) transactional email: `POST /v3/smtp/email` with the key in `api-key`.
 * Success is 201 `{ messageId }`; errors are `{ code, message }`. Brevo honours an idempotency key
 * (a UUID) in the payload's `headers.idempotencyKey` for a limited time; ours is derived from the
 * job's key, so a retry reuses it.
 */
export const sendinblue: EmailSender = async (ctx, message) => {
  const apiKey = required(ctx, 'Brevo', 'apiKey', 'API key');
  const from = senderOf(ctx, 'Brevo');
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.brevo.com')}/v3/smtp/email`,
    headers: { 'api-key': apiKey },
    json: {
      sender: from.name ? { email: from.email, name: from.name } : { email: from.email },
      to: [{ email: message.to }],
      subject: message.subject,
      htmlContent: message.html,
      textContent: message.text || undefined,
      headers: { idempotencyKey: idempotencyUuid(ctx.idempotencyKey) },
    },
  });
  expectSuccess('Brevo', answer, (json) => {
    const text = textAt(json, 'message');
    return text ? `${text} (${textAt(json, 'code') ?? 'error'})` : undefined;
  });
  const messageId = textAt(answer.json, 'messageId');
  return { messageId, raw: answered(answer.status, messageId) };
};
