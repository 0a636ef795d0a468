import { expectSuccess, type SmsSender } from '../vendor';
import { clientReference, first, record, refusal, required, summary, text } from './common';

const PROVIDER = 'sms77';

/** sms77 answers "402" (reload lock) when the same text went to the same number in the last 180 s. */
const RELOAD_LOCK = '402';

/**
 * sms77 (now seven.io) SMS API: POST /api/sms with the `X-Api-Key` header, JSON {to, text, from,
 * json: 1, foreign_id}. Answers HTTP 200 in every case: `success` is the return code ("100" sent)
 * and errors may come as a bare code. The vendor's reload lock refuses the same text to the same
 * number within 180 seconds, which makes a retry after a lost answer safe; `foreign_id` carries
 * the job's idempotency key for reconciliation.
 */
export const sms77: SmsSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin('https://gateway.seven.io')}/api/sms`,
    headers: { 'x-api-key': required(ctx, PROVIDER, 'apiKey', 'API key') },
    json: {
      to: message.to,
      text: message.content,
      from: required(ctx, PROVIDER, 'from', 'sender'),
      json: 1,
      foreign_id: clientReference(ctx.idempotencyKey, 64, /^[A-Za-z0-9.\-_@]+$/),
    },
  });
  expectSuccess(PROVIDER, answer);
  const body = record(answer.json);
  const code = text(body.success) ?? answer.text.trim();
  if (code === RELOAD_LOCK)
    return { raw: `${summary(answer)} (already sent within the last 180 s: reload lock)` };
  if (code !== '100') throw refusal(PROVIDER, answer, `return code ${code.slice(0, 40) || 'missing'}`);
  return { messageId: text(record(first(body.messages)).id), raw: summary(answer) };
};
