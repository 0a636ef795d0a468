import { expectSuccess, type SmsSender } from '../vendor';
import {
  clientReference,
  digitsOnly,
  first,
  needsUnicode,
  record,
  refusal,
  required,
  summary,
  text,
} from './common';

const PROVIDER = 'Vonage';

/** Vonage statuses worth trying again: 1 throttled, 5 internal error. */
const TRANSIENT = new Set(['1', '5']);

/**
 * Vonage (Nexmo) SMS API: POST /sms/json with the API key and secret in the form body (from, to
 * as digits, text, type unicode when needed, client-ref). Answers HTTP 200 even when refused: each
 * entry of `messages` has `status` ("0" sent) and `error-text`. `client-ref` carries the job's
 * idempotency key for reconciliation; Vonage does not deduplicate on it.
 */
export const nexmo: SmsSender = async (ctx, message) => {
  const form: [string, string][] = [
    ['api_key', required(ctx, PROVIDER, 'apiKey', 'API key')],
    ['api_secret', required(ctx, PROVIDER, 'secretKey', 'API secret')],
    ['from', required(ctx, PROVIDER, 'from', 'sender')],
    ['to', digitsOnly(message.to)],
    ['text', message.content],
    ['client-ref', clientReference(ctx.idempotencyKey, 100)],
  ];
  if (needsUnicode(message.content)) form.push(['type', 'unicode']);
  const answer = await ctx.http({ url: `${ctx.origin('https://rest.nexmo.com')}/sms/json`, form });
  expectSuccess(PROVIDER, answer, (json) => text(record(json)['error-text']));
  const sent = record(first(record(answer.json).messages));
  const status = text(sent.status);
  if (status !== '0')
    throw refusal(
      PROVIDER,
      answer,
      `status ${status ?? 'missing'}: ${text(sent['error-text']) ?? 'no message in the answer'}`,
      status && TRANSIENT.has(status) ? 'transient' : 'permanent',
    );
  return { messageId: text(sent['message-id']), raw: summary(answer) };
};
