import { expectSuccess, type SmsSender } from '../vendor';
import { basicAuth, record, refusal, required, summary, text } from './common';

const PROVIDER = 'Maqsam';

/**
 * Maqsam SMS API v2: POST /v2/sms, HTTP Basic with the access key id and secret, form {sender, to,
 * message}. Answers `{result: "success", message: {identifier, …}}`; anything else is a refusal.
 * Maqsam has no idempotency key.
 */
export const maqsam: SmsSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.maqsam.com')}/v2/sms`,
    headers: {
      authorization: basicAuth(
        required(ctx, PROVIDER, 'apiKey', 'access key id'),
        required(ctx, PROVIDER, 'secretKey', 'access secret'),
      ),
    },
    form: [
      ['sender', required(ctx, PROVIDER, 'from', 'sender')],
      ['to', message.to],
      ['message', message.content],
    ],
  });
  const detail = (json: unknown) => {
    const body = record(json);
    return text(body.message) ?? text(record(body.message).description) ?? text(body.error);
  };
  expectSuccess(PROVIDER, answer, detail);
  const body = record(answer.json);
  if (text(body.result) !== 'success') throw refusal(PROVIDER, answer, detail(body) ?? 'not sent');
  return { messageId: text(record(body.message).identifier), raw: summary(answer) };
};
