import { expectSuccess, type SmsSender } from '../vendor';
import { basicAuth, digitsOnly, optional, record, refusal, required, summary, text } from './common';

const PROVIDER = 'Burst SMS';

const errorOf = (json: unknown) => record(record(json).error);

/**
 * Burst SMS (Transmit SMS) API: POST /send-sms.json, HTTP Basic with the API key and secret, form
 * {message, to as digits, from when configured (else the shared pool or the account's leased
 * number)}. Answers with `message_id` and `error.code` "SUCCESS"; refusals carry another
 * `error.code` and `error.description`, and invalid numbers are listed in `fails` of a 200
 * answer. Burst SMS has no idempotency key.
 */
export const burstSms: SmsSender = async (ctx, message) => {
  const form: [string, string][] = [
    ['message', message.content],
    ['to', digitsOnly(message.to)],
  ];
  const from = optional(ctx, 'from');
  if (from) form.push(['from', from]);
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.transmitsms.com')}/send-sms.json`,
    headers: {
      authorization: basicAuth(
        required(ctx, PROVIDER, 'apiKey', 'API key'),
        required(ctx, PROVIDER, 'secretKey', 'API secret'),
      ),
    },
    form,
  });
  const describe = (json: unknown) => {
    const error = errorOf(json);
    return text(error.code) ? `${text(error.code)}: ${text(error.description) ?? ''}`.trim() : undefined;
  };
  expectSuccess(PROVIDER, answer, describe);
  const code = text(errorOf(answer.json).code);
  if (code !== undefined && code !== 'SUCCESS')
    throw refusal(PROVIDER, answer, describe(answer.json) ?? code);
  // Invalid numbers do not fail the request: they come back in `fails`.
  const fails = record(answer.json).fails;
  if (Array.isArray(fails) && fails.length > 0)
    throw refusal(PROVIDER, answer, 'the number was refused as invalid');
  return { messageId: text(record(answer.json).message_id), raw: summary(answer) };
};
