import { expectSuccess, type SmsSender } from '../vendor';
import { baseUrl, clientReference, digitsOnly, optional, refusal, required, summary } from './common';

const PROVIDER = 'SMS Central';

/**
 * SMS Central REST API v3.2: POST to the API URL with upper-case form parameters (USERNAME,
 * PASSWORD, ACTION=send, ORIGINATOR, RECIPIENT, MESSAGE_TEXT, REFERENCE). Answers HTTP 200 with a
 * bare response code, "0" when accepted. REFERENCE carries the job's idempotency key (it is the
 * key for delivery status look-ups); SMS Central does not deduplicate on it.
 */
export const smsCentral: SmsSender = async (ctx, message) => {
  const url = baseUrl(ctx, PROVIDER, optional(ctx, 'baseUrl') ?? 'https://my.smscentral.com.au/api/v3.2');
  const answer = await ctx.http({
    url,
    form: [
      ['USERNAME', required(ctx, PROVIDER, 'user', 'user name')],
      ['PASSWORD', required(ctx, PROVIDER, 'password', 'password')],
      ['ACTION', 'send'],
      ['ORIGINATOR', required(ctx, PROVIDER, 'from', 'sender')],
      ['RECIPIENT', digitsOnly(message.to)],
      ['MESSAGE_TEXT', message.content],
      ['REFERENCE', clientReference(ctx.idempotencyKey, 100)],
    ],
  });
  expectSuccess(PROVIDER, answer);
  const code = answer.text.trim();
  if (code !== '0') throw refusal(PROVIDER, answer, `response code ${code.slice(0, 100) || 'missing'}`);
  return { raw: summary(answer) };
};
