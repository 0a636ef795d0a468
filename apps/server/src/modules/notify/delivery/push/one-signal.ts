import { createHash } from 'node:crypto';
import { credential, DeliveryError, expectSuccess, type PushSender } from '../vendor';
import { stringData, uuidOf } from './data';

/**
 * OneSignal: POST /notifications with `Authorization: Key <app API key>`, the app id, the
 * subscription ids (`include_subscription_ids`), the heading and content per language, and an
 * `idempotency_key` (a UUID: OneSignal drops a repeat with the same key for 30 days). A 200 answer
 * with an empty id created nothing (`errors` says why); `errors.invalid_player_ids` lists ids that
 * no longer exist.
 */

const ORIGIN = 'https://api.onesignal.com';

type Answer = { id?: string; errors?: string[] | { invalid_player_ids?: string[] } };

export const sendOneSignal: PushSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin(ORIGIN)}/notifications`,
    headers: { authorization: `Key ${credential(ctx.credentials, 'apiKey') ?? ''}` },
    json: {
      app_id: credential(ctx.credentials, 'applicationId'),
      target_channel: 'push',
      include_subscription_ids: message.target,
      headings: { en: message.title || ' ' },
      contents: { en: message.content },
      data: stringData(message.payload),
      idempotency_key: uuidOf(ctx.idempotencyKey, (text) => createHash('sha256').update(text).digest('hex')),
    },
  });
  expectSuccess('OneSignal', answer, (json) => {
    const errors = (json as Answer | undefined)?.errors;
    return Array.isArray(errors) ? errors.join('; ') : undefined;
  });
  const body = (answer.json ?? {}) as Answer;
  const errors = body.errors;
  const invalid = errors && !Array.isArray(errors) ? (errors.invalid_player_ids ?? []) : [];
  if (!body.id)
    throw new DeliveryError(
      `OneSignal: nothing sent: ${Array.isArray(errors) ? errors.join('; ') : invalid.length ? 'invalid subscription ids' : 'no recipients'}`.slice(
        0,
        300,
      ),
      { raw: answer.text.slice(0, 300), status: answer.status, invalidTokens: invalid },
    );
  return { raw: `HTTP ${answer.status}`, messageId: body.id, invalidTokens: invalid };
};
