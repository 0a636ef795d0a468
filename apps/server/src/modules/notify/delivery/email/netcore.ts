import { DeliveryError, type EmailSender, expectSuccess } from '../vendor';
import { answered, required, senderOf, textAt } from './common';

/** Netcore's error text: the first `error[]` entry, or the top-level message. */
const netcoreError = (json: unknown) =>
  textAt(json, 'error', 0, 'description') ?? textAt(json, 'error', 0, 'message') ?? textAt(json, 'message');

/**
 * Netcore Email API (formerly Pepipost) v5.1: `POST /v5.1/mail/send` with the key in the `api_key`
 * header. Success is 200 `{ status: "success", data: { message_id } }`; errors are
 * `{ status: "error", error: [{ message, field, description }] }` with a 4xx. Netcore has no
 * idempotency key.
 */
export const netcore: EmailSender = async (ctx, message) => {
  const apiKey = required(ctx, 'Netcore', 'apiKey', 'API key');
  const from = senderOf(ctx, 'Netcore');
  const answer = await ctx.http({
    url: `${ctx.origin('https://emailapi.netcorecloud.net')}/v5.1/mail/send`,
    headers: { api_key: apiKey },
    json: {
      from: from.name ? { email: from.email, name: from.name } : { email: from.email },
      subject: message.subject,
      content: [{ type: 'html', value: message.html }],
      personalizations: [
        { to: [{ email: message.to }], attributes: { transactionId: message.transactionId } },
      ],
    },
  });
  expectSuccess('Netcore', answer, netcoreError);
  if (textAt(answer.json, 'status') === 'error')
    throw new DeliveryError(`Netcore: ${netcoreError(answer.json) ?? 'error'}`, {
      status: answer.status,
      raw: answer.text.slice(0, 300),
    });
  const messageId = textAt(answer.json, 'data', 'message_id');
  return { messageId, raw: answered(answer.status, messageId) };
};
