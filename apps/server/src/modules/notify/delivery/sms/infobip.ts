import { expectSuccess, type SmsSender } from '../vendor';
import {
  baseUrl,
  clientReference,
  digitsOnly,
  first,
  record,
  refusal,
  required,
  summary,
  text,
} from './common';

const PROVIDER = 'Infobip';

/**
 * Infobip SMS API: POST /sms/2/text/advanced on the account's own base URL, `Authorization: App
 * <key>`, JSON {messages: [{from, destinations: [{to, messageId}], text}]}. Answers 200 with a
 * status per message (group REJECTED means refused); errors carry
 * `requestError.serviceException.text`. `messageId` is the job's idempotency key as a client
 * reference; Infobip does not deduplicate on it.
 */
export const infobipSms: SmsSender = async (ctx, message) => {
  const base = baseUrl(ctx, PROVIDER, required(ctx, PROVIDER, 'baseUrl', 'base URL'));
  const answer = await ctx.http({
    url: `${base}/sms/2/text/advanced`,
    headers: { authorization: `App ${required(ctx, PROVIDER, 'apiKey', 'API key')}` },
    json: {
      messages: [
        {
          from: required(ctx, PROVIDER, 'from', 'sender'),
          destinations: [{ to: digitsOnly(message.to), messageId: clientReference(ctx.idempotencyKey, 50) }],
          text: message.content,
        },
      ],
    },
  });
  expectSuccess(PROVIDER, answer, (json) =>
    text(record(record(record(json).requestError).serviceException).text),
  );
  const sent = record(first(record(answer.json).messages));
  const status = record(sent.status);
  if (text(status.groupName) === 'REJECTED')
    throw refusal(PROVIDER, answer, `${text(status.name)}: ${text(status.description) ?? 'rejected'}`);
  return { messageId: text(sent.messageId), raw: summary(answer) };
};
