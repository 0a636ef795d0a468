import { expectSuccess, type SmsSender } from '../vendor';
import { clientReference, digitsOnly, first, record, refusal, required, summary, text } from './common';

const PROVIDER = 'Clickatell';

const errorText = (value: unknown): string | undefined => {
  const error = record(value);
  return text(error.description) ?? text(error.errorDescription) ?? text(error.message) ?? text(value);
};

/**
 * Clickatell One API: POST /v1/message with the API key as the whole `Authorization` header,
 * JSON {messages: [{channel: "sms", to as digits, content, clientMessageId}]}. Answers 202 with
 * `accepted` and `apiMessageId` per message; refusals carry `error`. `clientMessageId` is the job's
 * idempotency key as a client reference; Clickatell does not deduplicate on it.
 */
export const clickatell: SmsSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin('https://platform.clickatell.com')}/v1/message`,
    headers: { authorization: required(ctx, PROVIDER, 'apiKey', 'API key') },
    json: {
      messages: [
        {
          channel: 'sms',
          to: digitsOnly(message.to),
          content: message.content,
          clientMessageId: clientReference(ctx.idempotencyKey, 50),
        },
      ],
    },
  });
  expectSuccess(PROVIDER, answer, (json) => errorText(record(json).error));
  const sent = record(first(record(answer.json).messages));
  if (sent.accepted !== true)
    throw refusal(
      PROVIDER,
      answer,
      errorText(sent.error) ?? errorText(record(answer.json).error) ?? 'not accepted',
    );
  return { messageId: text(sent.apiMessageId), raw: summary(answer) };
};
