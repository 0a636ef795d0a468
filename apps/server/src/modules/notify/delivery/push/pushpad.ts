import { credential, expectSuccess, type PushSender } from '../vendor';

/**
 * Pushpad (web push): POST /api/v1/projects/{project id}/notifications with
 * `Authorization: Token token="<auth token>"`, the notification and the target user ids (`uids`:
 * the subscriber's Pushpad uids are its device tokens). The answer (201) has the notification id
 * and how many subscriptions it was scheduled for. Pushpad has no idempotency key.
 */

const ORIGIN = 'https://pushpad.xyz';

export const sendPushpad: PushSender = async (ctx, message) => {
  const project = encodeURIComponent(credential(ctx.credentials, 'applicationId') ?? '');
  const answer = await ctx.http({
    url: `${ctx.origin(ORIGIN)}/api/v1/projects/${project}/notifications`,
    headers: { authorization: `Token token="${credential(ctx.credentials, 'apiKey') ?? ''}"` },
    json: {
      notification: { title: message.title || undefined, body: message.content },
      uids: message.target,
    },
  });
  expectSuccess('Pushpad', answer, (json) => {
    const error = (json as { error?: unknown; errors?: unknown } | undefined) ?? {};
    const text = error.error ?? error.errors;
    return text === undefined ? undefined : typeof text === 'string' ? text : JSON.stringify(text);
  });
  const body = (answer.json ?? {}) as { id?: number | string; scheduled?: number };
  return {
    raw: `HTTP ${answer.status}: scheduled for ${body.scheduled ?? 0} subscription(s)`,
    messageId: body.id === undefined ? undefined : String(body.id),
  };
};
