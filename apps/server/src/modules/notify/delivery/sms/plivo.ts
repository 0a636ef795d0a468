import { expectSuccess, type SmsSender } from '../vendor';
import { basicAuth, first, record, required, summary, text } from './common';

const PROVIDER = 'Plivo';

/**
 * Plivo Message API: POST /v1/Account/{auth_id}/Message/, HTTP Basic with the auth id and token,
 * JSON {src, dst, text}. Answers 202 with `message_uuid` (a list); errors carry `error`. Plivo has
 * no idempotency key.
 */
export const plivo: SmsSender = async (ctx, message) => {
  const authId = required(ctx, PROVIDER, 'accountSid', 'auth id');
  const token = required(ctx, PROVIDER, 'token', 'auth token');
  const from = required(ctx, PROVIDER, 'from', 'sender');
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.plivo.com')}/v1/Account/${encodeURIComponent(authId)}/Message/`,
    headers: { authorization: basicAuth(authId, token) },
    json: { src: from, dst: message.to, text: message.content, type: 'sms' },
  });
  expectSuccess(PROVIDER, answer, (json) => text(record(json).error));
  return { messageId: text(first(record(answer.json).message_uuid)), raw: summary(answer) };
};
