import { type EmailSender, expectSuccess } from '../vendor';
import { answered, required, senderOf, textAt } from './common';

/** The first error text of a Mailjet v3.1 answer: per message, or the request-level one. */
function mailjetError(json: unknown): string | undefined {
  const text = textAt(json, 'Messages', 0, 'Errors', 0, 'ErrorMessage') ?? textAt(json, 'ErrorMessage');
  if (!text) return undefined;
  const code = textAt(json, 'Messages', 0, 'Errors', 0, 'ErrorCode') ?? textAt(json, 'ErrorCode');
  return code ? `${text} (${code})` : text;
}

/**
 * Mailjet Send API v3.1: `POST /v3.1/send` with Basic auth (API key and secret key). Success is
 * 200 with `Messages[0].Status: "success"` and the recipient's `MessageID`; a refused message is
 * 400 with `Messages[0].Errors[]`, a bad key 401 with a request-level `ErrorMessage`. Mailjet has
 * no idempotency key; `CustomID` carries our transaction id for tracing.
 */
export const mailjet: EmailSender = async (ctx, message) => {
  const apiKey = required(ctx, 'Mailjet', 'apiKey', 'API key');
  const secretKey = required(ctx, 'Mailjet', 'secretKey', 'secret key');
  const from = senderOf(ctx, 'Mailjet');
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.mailjet.com')}/v3.1/send`,
    headers: { authorization: `Basic ${Buffer.from(`${apiKey}:${secretKey}`).toString('base64')}` },
    json: {
      Messages: [
        {
          From: from.name ? { Email: from.email, Name: from.name } : { Email: from.email },
          To: [{ Email: message.to }],
          Subject: message.subject,
          HTMLPart: message.html,
          TextPart: message.text || undefined,
          CustomID: message.transactionId,
        },
      ],
    },
  });
  expectSuccess('Mailjet', answer, mailjetError);
  // MessageID is a 64-bit integer, beyond what a JSON number keeps exactly: read its digits.
  const messageId =
    /"MessageID"\s*:\s*"?(\d+)/.exec(answer.text)?.[1] ??
    textAt(answer.json, 'Messages', 0, 'To', 0, 'MessageUUID');
  return { messageId, raw: answered(answer.status, messageId) };
};
