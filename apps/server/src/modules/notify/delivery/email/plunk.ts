import { DeliveryError, type EmailSender, expectSuccess } from '../vendor';
import { answered, required, senderOf, textAt } from './common';

/**
 * Plunk: `POST /v1/send` with a bearer secret key; `body` is the HTML. Success is 200
 * `{ success: true, emails: [{ contact, email }] }`; errors are `{ code, error, message }`. Plunk
 * has no idempotency key.
 */
export const plunk: EmailSender = async (ctx, message) => {
  const apiKey = required(ctx, 'Plunk', 'apiKey', 'API key');
  const from = senderOf(ctx, 'Plunk');
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.useplunk.com')}/v1/send`,
    headers: { authorization: `Bearer ${apiKey}` },
    json: {
      to: message.to,
      subject: message.subject,
      body: message.html || message.text,
      from: from.email,
      ...(from.name ? { name: from.name } : {}),
    },
  });
  expectSuccess('Plunk', answer, (json) => textAt(json, 'message') ?? textAt(json, 'error'));
  const body = answer.json as { success?: unknown } | undefined;
  if (body?.success === false)
    throw new DeliveryError(`Plunk: ${textAt(answer.json, 'message') ?? 'not sent'}`, {
      status: answer.status,
      raw: answer.text.slice(0, 300),
    });
  const messageId =
    textAt(answer.json, 'emails', 0, 'email') ?? textAt(answer.json, 'emails', 0, 'contact', 'id');
  return { messageId, raw: answered(answer.status, messageId) };
};
