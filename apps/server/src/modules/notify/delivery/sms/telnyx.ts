import { expectSuccess, type SmsSender } from '../vendor';
import { clientReference, first, optional, record, required, summary, text } from './common';

const PROVIDER = 'Telnyx';

/**
 * Telnyx Messaging v2: POST /v2/messages with a bearer API key, JSON {from, to, text,
 * messaging_profile_id?}. Answers 200 with `data.id`; errors are `{errors: [{code, title, detail}]}`.
 * The request carries Telnyx's Idempotency-Key header (a replay within 24 hours answers the first
 * success instead of sending again).
 */
export const telnyx: SmsSender = async (ctx, message) => {
  const apiKey = required(ctx, PROVIDER, 'apiKey', 'API key');
  const from = required(ctx, PROVIDER, 'from', 'sender');
  const profile = optional(ctx, 'messageProfileId');
  const answer = await ctx.http({
    url: `${ctx.origin('https://api.telnyx.com')}/v2/messages`,
    headers: {
      authorization: `Bearer ${apiKey}`,
      'idempotency-key': clientReference(ctx.idempotencyKey, 255, /^[A-Za-z0-9_:-]+$/),
    },
    json: {
      from,
      to: message.to,
      text: message.content,
      ...(profile ? { messaging_profile_id: profile } : {}),
    },
  });
  expectSuccess(PROVIDER, answer, (json) => {
    const error = record(first(record(json).errors));
    const detail = text(error.detail) ?? text(error.title);
    return detail ? `${text(error.code) ?? ''} ${detail}`.trim() : undefined;
  });
  return { messageId: text(record(record(answer.json).data).id), raw: summary(answer) };
};
