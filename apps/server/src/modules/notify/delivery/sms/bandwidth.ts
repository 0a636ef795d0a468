import { expectSuccess, type SmsSender } from '../vendor';
import { basicAuth, record, required, summary, text } from './common';

const PROVIDER = 'Bandwidth';

/**
 * Bandwidth Messaging API v2: POST /api/v2/users/{accountId}/messages on messaging.bandwidth.com,
 * HTTP Basic with the API user name and password, JSON {applicationId, to: [number], from, text,
 * tag}. Answers 202 with the message (`id`); errors carry `type` and `description`. `tag` carries
 * the job's idempotency key for reconciliation; Bandwidth has no idempotency key.
 */
export const bandwidth: SmsSender = async (ctx, message) => {
  const accountId = required(ctx, PROVIDER, 'accountSid', 'account id');
  const answer = await ctx.http({
    url: `${ctx.origin('https://messaging.bandwidth.com')}/api/v2/users/${encodeURIComponent(accountId)}/messages`,
    headers: {
      authorization: basicAuth(
        required(ctx, PROVIDER, 'user', 'user name'),
        required(ctx, PROVIDER, 'password', 'password'),
      ),
    },
    json: {
      applicationId: required(ctx, PROVIDER, 'applicationId', 'messaging application id'),
      to: [message.to],
      from: required(ctx, PROVIDER, 'from', 'sender'),
      text: message.content,
      tag: ctx.idempotencyKey.slice(0, 1024),
    },
  });
  expectSuccess(PROVIDER, answer, (json) => {
    const body = record(json);
    return text(body.description) ? `${text(body.type) ?? 'error'}: ${text(body.description)}` : undefined;
  });
  return { messageId: text(record(answer.json).id), raw: summary(answer) };
};
