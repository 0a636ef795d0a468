import { expectSuccess, type SmsSender } from '../vendor';
import { basicAuth, record, required, summary, text } from './common';

const PROVIDER = 'Twilio';

/**
 * Twilio Programmable Messaging: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic
 * with the account SID and auth token, a form body (To, From or MessagingServiceSid, Body).
 * Answers 201 with the message resource; errors carry `code` and `message`. Twilio has no
 * idempotency key for sending a message.
 */
export const twilio: SmsSender = async (ctx, message) => {
  const sid = required(ctx, PROVIDER, 'accountSid', 'account SID');
  const token = required(ctx, PROVIDER, 'token', 'auth token');
  const from = required(ctx, PROVIDER, 'from', 'sender');
  // A Messaging Service SID (MG…) lets Twilio pick the sender from the service's pool.
  const sender: [string, string] = /^MG[0-9a-f]{32}$/i.test(from)
    ? ['MessagingServiceSid', from]
    : ['From', from];
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.twilio.com')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`,
    headers: { authorization: basicAuth(sid, token) },
    form: [['To', message.to], sender, ['Body', message.content]],
  });
  expectSuccess(PROVIDER, answer, (json) => {
    const body = record(json);
    const code = text(body.code);
    const detail = text(body.message);
    return detail ? `${code ? `${code} ` : ''}${detail}` : undefined;
  });
  return { messageId: text(record(answer.json).sid), raw: summary(answer) };
};
