import { type EmailSender, expectSuccess } from '../vendor';
import { answered, formatAddress, required, senderOf, textAt } from './common';

/**
 * Postmark: `POST /email` with the server token in `X-Postmark-Server-Token`. Success is 200 with
 * `ErrorCode: 0` and a `MessageID`; refusals are 422 with an `ErrorCode` and `Message` (inactive
 * recipient, unverified sender…), a bad token 401. Postmark has no idempotency key.
 */
export const postmark: EmailSender = async (ctx, message) => {
  const token = required(ctx, 'Postmark', 'apiKey', 'server token');
  const from = senderOf(ctx, 'Postmark');
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.postmarkapp.com')}/email`,
    headers: { 'x-postmark-server-token': token },
    json: {
      From: formatAddress(from),
      To: message.to,
      Subject: message.subject,
      HtmlBody: message.html,
      TextBody: message.text,
      MessageStream: 'outbound',
      Metadata: { transactionId: message.transactionId },
    },
  });
  expectSuccess('Postmark', answer, (json) => {
    const text = textAt(json, 'Message');
    return text ? `${text} (error code ${textAt(json, 'ErrorCode') ?? '?'})` : undefined;
  });
  const messageId = textAt(answer.json, 'MessageID');
  return { messageId, raw: answered(answer.status, messageId) };
};
