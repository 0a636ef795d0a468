import { expectSuccess, type SmsSender } from '../vendor';
import { first, record, refusal, required, summary, text } from './common';

const PROVIDER = "Africa's Talking";

/** Recipient status codes: 100 processed, 101 sent, 102 queued; 500/501 are the vendor's own faults. */
const SENT = new Set(['100', '101', '102']);
const TRANSIENT = new Set(['500', '501']);

/**
 * Africa's Talking SMS API: POST /version1/messaging with the `apiKey` header and
 * `Accept: application/json`, form {username, to, message, from}. The user name "sandbox" uses
 * the sandbox host. Answers 201 with `SMSMessageData.Recipients[]` whose `statusCode` says whether
 * each number was taken; a refusal of the whole request leaves the list empty and says why in
 * `SMSMessageData.Message`. Africa's Talking has no idempotency key for SMS.
 */
export const africasTalking: SmsSender = async (ctx, message) => {
  const username = required(ctx, PROVIDER, 'user', 'user name');
  const host =
    username === 'sandbox' ? 'https://api.sandbox.africastalking.com' : 'https://api.africastalking.com';
  const answer = await ctx.http({
    url: `${ctx.origin(host)}/version1/messaging`,
    headers: { apikey: required(ctx, PROVIDER, 'apiKey', 'API key'), accept: 'application/json' },
    form: [
      ['username', username],
      ['to', message.to],
      ['message', message.content],
      ['from', required(ctx, PROVIDER, 'from', 'sender')],
    ],
  });
  expectSuccess(PROVIDER, answer);
  const data = record(record(answer.json).SMSMessageData);
  const recipient = record(first(data.Recipients));
  const code = text(recipient.statusCode);
  if (!code || !SENT.has(code))
    throw refusal(
      PROVIDER,
      answer,
      code
        ? `${code} ${text(recipient.status) ?? ''}`.trim()
        : (text(data.Message) ?? 'no recipient in the answer'),
      code && TRANSIENT.has(code) ? 'transient' : 'permanent',
    );
  return { messageId: text(recipient.messageId), raw: summary(answer) };
};
