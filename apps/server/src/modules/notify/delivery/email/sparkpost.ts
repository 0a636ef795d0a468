import { credential, DeliveryError, type EmailSender, expectSuccess } from '../vendor';
import { answered, required, senderOf, textAt } from './common';

/**
 * SparkPost Transmissions: `POST /api/v1/transmissions` with the API key as the whole
 * `Authorization` header (no scheme). EU accounts use the EU host. Success is 200 with
 * `results.id` and the accepted/rejected counts: a transmission whose only recipient was rejected
 * is a failure although the status is 200. Errors are `{ errors: [{ message, description, code }] }`.
 * SparkPost has no idempotency key.
 */
export const sparkpost: EmailSender = async (ctx, message) => {
  const apiKey = required(ctx, 'SparkPost', 'apiKey', 'API key');
  const from = senderOf(ctx, 'SparkPost');
  const eu = credential(ctx.credentials, 'region') === 'eu';
  const answer = await ctx.http({
    url: `${ctx.origin(eu ? 'https://api.eu.sparkpost.com' : 'https://api.sparkpost.com')}/api/v1/transmissions`,
    headers: { authorization: apiKey },
    json: {
      recipients: [{ address: { email: message.to } }],
      content: {
        from: from.name ? { email: from.email, name: from.name } : from.email,
        subject: message.subject,
        html: message.html,
        text: message.text || undefined,
      },
      metadata: { transactionId: message.transactionId },
      options: { transactional: true },
    },
  });
  expectSuccess('SparkPost', answer, (json) => {
    const text = textAt(json, 'errors', 0, 'message');
    const description = textAt(json, 'errors', 0, 'description');
    return text ? `${text}${description ? `: ${description}` : ''}` : undefined;
  });
  const messageId = textAt(answer.json, 'results', 'id');
  if (textAt(answer.json, 'results', 'total_accepted_recipients') === '0')
    throw new DeliveryError('SparkPost: the recipient was rejected', {
      status: answer.status,
      raw: answer.text.slice(0, 300),
    });
  return { messageId, raw: answered(answer.status, messageId) };
};
