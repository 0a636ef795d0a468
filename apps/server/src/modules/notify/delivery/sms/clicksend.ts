import { expectSuccess, type SmsSender } from '../vendor';
import { basicAuth, clientReference, first, record, refusal, required, summary, text } from './common';

const PROVIDER = 'ClickSend';

/**
 * ClickSend REST v3: POST /v3/sms/send, HTTP Basic with the user name and API key, JSON {messages:
 * [{source, body, to, custom_string}]}. Answers 200 with `response_code` and a `status` per message
 * ("SUCCESS" when queued, e.g. "INVALID_RECIPIENT" otherwise); errors carry `response_msg`.
 * `custom_string` carries the job's idempotency key for reconciliation; ClickSend does not
 * deduplicate on it.
 */
export const clicksend: SmsSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin('https://rest.clicksend.com')}/v3/sms/send`,
    headers: {
      authorization: basicAuth(
        required(ctx, PROVIDER, 'user', 'user name'),
        required(ctx, PROVIDER, 'apiKey', 'API key'),
      ),
    },
    json: {
      messages: [
        {
          source: 'forecourt',
          body: message.content,
          to: message.to,
          custom_string: clientReference(ctx.idempotencyKey, 100),
        },
      ],
    },
  });
  expectSuccess(PROVIDER, answer, (json) => {
    const body = record(json);
    return text(body.response_msg) ? `${text(body.response_code)}: ${text(body.response_msg)}` : undefined;
  });
  const sent = record(first(record(record(answer.json).data).messages));
  const status = text(sent.status);
  if (status !== 'SUCCESS') throw refusal(PROVIDER, answer, status ?? 'no message status in the answer');
  return { messageId: text(sent.message_id), raw: summary(answer) };
};
