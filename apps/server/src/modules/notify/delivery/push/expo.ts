import { DeliveryError, expectSuccess, type PushSender, retryAfterMs } from '../vendor';

/**
 * Expo push service: POST /--/api/v2/push/send with a JSON array of messages (at most 100 per
 * request), `Authorization: Bearer <access token>` when the project enforces push security. The
 * answer has one ticket per message: `{status: "ok", id}` or `{status: "error", message,
 * details: {error}}`; `DeviceNotRegistered` means the token is gone. Expo has no idempotency key.
 */

const ORIGIN = 'https://exp.host';
const BATCH = 100;

type Ticket = { status?: string; id?: string; message?: string; details?: { error?: string } };

export const sendExpo: PushSender = async (ctx, message) => {
  const token = typeof ctx.credentials.apiKey === 'string' ? ctx.credentials.apiKey : undefined;
  const invalid: string[] = [];
  const ids: string[] = [];
  let failure: DeliveryError | undefined;
  for (let start = 0; start < message.target.length; start += BATCH) {
    const targets = message.target.slice(start, start + BATCH);
    const answer = await ctx.http({
      url: `${ctx.origin(ORIGIN)}/--/api/v2/push/send`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      json: targets.map((to) => ({
        to,
        title: message.title,
        body: message.content,
        data: message.payload,
        sound: 'default',
      })),
    });
    expectSuccess('Expo', answer, (json) => {
      const errors = (json as { errors?: { code?: string; message?: string }[] } | undefined)?.errors;
      return errors?.[0] ? `${errors[0].code ?? ''} ${errors[0].message ?? ''}`.trim() : undefined;
    });
    const tickets = ((answer.json as { data?: Ticket[] } | undefined)?.data ?? []) as Ticket[];
    tickets.forEach((ticket, index) => {
      if (ticket.status === 'ok') {
        if (ticket.id) ids.push(ticket.id);
        return;
      }
      const code = ticket.details?.error ?? 'error';
      const to = targets[index];
      if (code === 'DeviceNotRegistered' && to) invalid.push(to);
      failure ??= new DeliveryError(`Expo: ${code}: ${ticket.message ?? ''}`.trim().slice(0, 300), {
        raw: JSON.stringify(ticket).slice(0, 300),
        // Expo's MessageRateExceeded passes; the others (MessageTooBig, InvalidCredentials…) do not.
        kind: code === 'MessageRateExceeded' ? 'transient' : 'permanent',
        retryAfterMs: retryAfterMs(answer.headers),
      });
    });
  }
  if (ids.length === 0 && failure)
    throw new DeliveryError(failure.message, {
      raw: failure.raw,
      kind: failure.kind,
      retryAfterMs: failure.retryAfterMs,
      invalidTokens: invalid,
    });
  return {
    raw: `${ids.length} ticket(s) ok${invalid.length ? `, ${invalid.length} device(s) not registered` : ''}`,
    messageId: ids[0],
    invalidTokens: invalid,
  };
};
