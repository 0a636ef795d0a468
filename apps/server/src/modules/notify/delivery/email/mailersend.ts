import { DeliveryError, type EmailSender, expectSuccess } from '../vendor';
import { answered, required, senderOf, textAt } from './common';

/**
 * MailerSend: `POST /v1/email` with a bearer API token. Success is 202 with the id in
 * `X-Message-Id`; a 202 can still carry `warnings`, and `ALL_SUPPRESSED` means nobody was sent to
 * (the recipient is on a suppression list). Validation errors are 422 `{ message, errors }`.
 * MailerSend has no idempotency key.
 */
export const mailersend: EmailSender = async (ctx, message) => {
  const apiKey = required(ctx, 'MailerSend', 'apiKey', 'API token');
  const from = senderOf(ctx, 'MailerSend');
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.mailersend.com')}/v1/email`,
    headers: { authorization: `Bearer ${apiKey}` },
    json: {
      from: from.name ? { email: from.email, name: from.name } : { email: from.email },
      to: [{ email: message.to }],
      subject: message.subject,
      html: message.html,
      text: message.text || undefined,
    },
  });
  expectSuccess('MailerSend', answer, (json) => {
    const errors = (json as { errors?: Record<string, string[]> } | undefined)?.errors;
    const first = errors ? Object.values(errors)[0]?.[0] : undefined;
    return first ?? textAt(json, 'message');
  });
  if (textAt(answer.json, 'warnings', 0, 'type') === 'ALL_SUPPRESSED')
    throw new DeliveryError(
      `MailerSend: ${textAt(answer.json, 'warnings', 0, 'warning') ?? 'all recipients suppressed'}`,
      {
        status: answer.status,
        raw: answer.text.slice(0, 300),
      },
    );
  const messageId = answer.headers.get('x-message-id') ?? undefined;
  return { messageId, raw: answered(answer.status, messageId) };
};
