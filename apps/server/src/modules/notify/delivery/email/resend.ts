import { DeliveryError, type EmailSender, expectSuccess } from '../vendor';
import { answered, formatAddress, required, senderOf, textAt } from './common';

/**
 * Resend: `POST /emails` with a bearer API key and the job's key in `Idempotency-Key` (Resend
 * answers a repeated key within 24 hours with the first answer instead of sending again). Success
 * is 200 `{ id }`; errors are `{ statusCode, name, message }`. A 409 `concurrent_idempotent_requests`
 * means the first attempt is still being processed: worth trying again.
 */
export const resend: EmailSender = async (ctx, message) => {
  const apiKey = required(ctx, 'Resend', 'apiKey', 'API key');
  const from = senderOf(ctx, 'Resend');
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.resend.com')}/emails`,
    headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': ctx.idempotencyKey.slice(0, 256) },
    json: {
      from: formatAddress(from),
      to: [message.to],
      subject: message.subject,
      html: message.html,
      text: message.text,
    },
  });
  if (answer.status === 409 && textAt(answer.json, 'name') === 'concurrent_idempotent_requests')
    throw new DeliveryError(`Resend: HTTP 409: ${textAt(answer.json, 'message') ?? 'request in progress'}`, {
      kind: 'transient',
      status: 409,
      raw: answer.text.slice(0, 300),
    });
  expectSuccess('Resend', answer, (json) => textAt(json, 'message'));
  const messageId = textAt(answer.json, 'id');
  return { messageId, raw: answered(answer.status, messageId) };
};
