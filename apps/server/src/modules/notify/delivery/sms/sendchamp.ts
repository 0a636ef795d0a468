import { expectSuccess, type SmsSender } from '../vendor';
import { digitsOnly, record, required, summary, text } from './common';

const PROVIDER = 'Sendchamp';

/**
 * Sendchamp SMS API: POST /api/v1/sms/send with a bearer API key, JSON {to: [digits], message,
 * sender_name, route}. Nigerian numbers use the `dnd` route (transactional traffic that reaches
 * DND-listed numbers), others `international`. Answers 200 with `data` (id, status); errors carry
 * `message`. Sendchamp has no idempotency key.
 */
export const sendchamp: SmsSender = async (ctx, message) => {
  const to = digitsOnly(message.to);
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.sendchamp.com')}/api/v1/sms/send`,
    headers: { authorization: `Bearer ${required(ctx, PROVIDER, 'apiKey', 'API key')}` },
    json: {
      to: [to],
      message: message.content,
      sender_name: required(ctx, PROVIDER, 'from', 'sender name'),
      route: to.startsWith('234') ? 'dnd' : 'international',
    },
  });
  expectSuccess(PROVIDER, answer, (json) => text(record(json).message));
  const data = record(record(answer.json).data);
  return { messageId: text(data.id) ?? text(data.business_id), raw: summary(answer) };
};
