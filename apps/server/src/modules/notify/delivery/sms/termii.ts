import { expectSuccess, type SmsSender } from '../vendor';
import { digitsOnly, record, required, summary, text } from './common';

const PROVIDER = 'Termii';

/**
 * Termii Messaging API: POST /api/sms/send, the API key in the JSON body with {to as digits,
 * from, sms, type: "plain", channel: "generic"}. Answers 200 with `message_id`; errors are 4xx
 * with `message`. Termii has no idempotency key.
 */
export const termii: SmsSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.ng.termii.com')}/api/sms/send`,
    json: {
      api_key: required(ctx, PROVIDER, 'apiKey', 'API key'),
      to: digitsOnly(message.to),
      from: required(ctx, PROVIDER, 'from', 'sender'),
      sms: message.content,
      type: 'plain',
      channel: 'generic',
    },
  });
  expectSuccess(PROVIDER, answer, (json) => text(record(json).message));
  return { messageId: text(record(answer.json).message_id), raw: summary(answer) };
};
