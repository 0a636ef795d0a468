import { type EmailSender, expectSuccess } from '../vendor';
import { answered, required, senderOf, textAt } from './common';

/**
 * Mailtrap Email Sending (transactional stream): `POST /api/send` on the sending host with a
 * bearer API token. Success is 200 `{ success: true, message_ids: [...] }`; errors are
 * `{ success: false, errors: [...] }`. Mailtrap has no idempotency key.
 */
export const mailtrap: EmailSender = async (ctx, message) => {
  const token = required(ctx, 'Mailtrap', 'apiKey', 'API token');
  const from = senderOf(ctx, 'Mailtrap');
  const answer = await ctx.http({
    url: `${ctx.origin('https://send.api.mailtrap.io')}/api/send`,
    headers: { authorization: `Bearer ${token}` },
    json: {
      from: from.name ? { email: from.email, name: from.name } : { email: from.email },
      to: [{ email: message.to }],
      subject: message.subject,
      html: message.html,
      text: message.text || undefined,
      category: (message.workflow ?? 'notification').slice(0, 255),
      custom_variables: { transactionId: message.transactionId },
    },
  });
  expectSuccess('Mailtrap', answer, (json) => {
    const errors = (json as { errors?: unknown } | undefined)?.errors;
    return Array.isArray(errors) ? errors.map(String).join('; ') : textAt(json, 'error');
  });
  const messageId = textAt(answer.json, 'message_ids', 0);
  return { messageId, raw: answered(answer.status, messageId) };
};
