import { DeliveryError, type EmailSender, expectSuccess, retryAfterMs, type VendorAnswer } from '../vendor';
import { answered, required, senderOf, textAt } from './common';

/** Mandrill error names that may pass on a later attempt; every other named error is final. */
const TRANSIENT_ERRORS = new Set(['GeneralError', 'ServiceUnavailable']);

/**
 * Mandrill answers every API error with HTTP 500 and `{ status: "error", name, message }`, so the
 * name decides: an invalid key or a validation error is permanent although the status says 5xx.
 */
function mandrillError(answer: VendorAnswer): DeliveryError | undefined {
  if (textAt(answer.json, 'status') !== 'error') return undefined;
  const name = textAt(answer.json, 'name') ?? 'Error';
  return new DeliveryError(`Mandrill: ${name}: ${textAt(answer.json, 'message') ?? ''}`.slice(0, 300), {
    kind: TRANSIENT_ERRORS.has(name) || answer.status === 429 ? 'transient' : 'permanent',
    status: answer.status,
    raw: answer.text.slice(0, 300),
    retryAfterMs: retryAfterMs(answer.headers),
  });
}

type Result = { email?: string; status?: string; reject_reason?: string | null; _id?: string };

/**
 * Mandrill (Mailchimp Transactional): `POST /api/1.0/messages/send` with the API key in the JSON
 * body. 200 answers one result per recipient: `sent`, `queued` or `scheduled` are accepted,
 * `rejected` and `invalid` are refusals (with a `reject_reason`) although the status is 200.
 * Mandrill has no idempotency key.
 */
export const mandrill: EmailSender = async (ctx, message) => {
  const key = required(ctx, 'Mandrill', 'apiKey', 'API key');
  const from = senderOf(ctx, 'Mandrill');
  const answer = await ctx.http({
    url: `${ctx.origin('https://mandrillapp.com')}/api/1.0/messages/send`,
    json: {
      key,
      message: {
        html: message.html,
        text: message.text || undefined,
        subject: message.subject,
        from_email: from.email,
        from_name: from.name,
        to: [{ email: message.to, type: 'to' }],
        metadata: { transactionId: message.transactionId },
      },
    },
  });
  const named = mandrillError(answer);
  if (named) throw named;
  expectSuccess('Mandrill', answer);
  const result = (Array.isArray(answer.json) ? answer.json[0] : undefined) as Result | undefined;
  if (!result || !['sent', 'queued', 'scheduled'].includes(String(result.status)))
    throw new DeliveryError(
      `Mandrill: ${result?.status ?? 'no result'}${result?.reject_reason ? ` (${result.reject_reason})` : ''}`,
      { status: answer.status, raw: answer.text.slice(0, 300) },
    );
  return { messageId: result._id, raw: `${answered(answer.status, result._id)}, ${result.status}` };
};
