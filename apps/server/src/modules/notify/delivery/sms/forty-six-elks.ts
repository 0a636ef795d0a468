import { expectSuccess, type SmsSender } from '../vendor';
import { basicAuth, record, required, summary, text } from './common';

const PROVIDER = '46elks';

/**
 * 46elks API: POST /a1/sms, HTTP Basic with the API user name and password, form {from, to,
 * message}. Answers 200 with the SMS object (`id`, `status` "created"); errors are 4xx with a
 * plain-text reason. 46elks has no idempotency key.
 */
export const fortySixElks: SmsSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.46elks.com')}/a1/sms`,
    headers: {
      authorization: basicAuth(
        required(ctx, PROVIDER, 'user', 'API user name'),
        required(ctx, PROVIDER, 'password', 'API password'),
      ),
    },
    form: [
      ['from', required(ctx, PROVIDER, 'from', 'sender')],
      ['to', message.to],
      ['message', message.content],
    ],
  });
  expectSuccess(PROVIDER, answer);
  return { messageId: text(record(answer.json).id), raw: summary(answer) };
};
