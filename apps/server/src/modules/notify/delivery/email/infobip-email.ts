import { type EmailSender, expectSuccess } from '../vendor';
import { answered, formatAddress, multipart, required, senderOf, textAt } from './common';

/**
 * Infobip Email: `POST /email/3/send` on the account's own base URL, multipart/form-data, with
 * `Authorization: App <API key>`. Success is 200 with `messages[0].messageId` and a PENDING status;
 * errors are `{ requestError: { serviceException: { messageId, text } } }`. Infobip has no
 * idempotency key for email.
 */
export const infobipEmail: EmailSender = async (ctx, message) => {
  const apiKey = required(ctx, 'Infobip', 'apiKey', 'API key');
  const base = required(ctx, 'Infobip', 'baseUrl', 'base URL');
  const from = senderOf(ctx, 'Infobip');
  const origin = (/^https?:\/\//i.test(base) ? base : `https://${base}`).replace(/\/+$/, '');
  const form = await multipart([
    ['from', formatAddress(from)],
    ['to', message.to],
    ['subject', message.subject],
    ['html', message.html],
    ...(message.text ? ([['text', message.text]] as [string, string][]) : []),
  ]);
  const answer = await ctx.http({
    url: `${ctx.origin(origin)}/email/3/send`,
    headers: { authorization: `App ${apiKey}`, 'content-type': form.type },
    body: form.body,
  });
  expectSuccess('Infobip', answer, (json) => {
    const exception = textAt(json, 'requestError', 'serviceException', 'text');
    const id = textAt(json, 'requestError', 'serviceException', 'messageId');
    return exception ? `${exception}${id ? ` (${id})` : ''}` : undefined;
  });
  const messageId = textAt(answer.json, 'messages', 0, 'messageId');
  return { messageId, raw: answered(answer.status, messageId) };
};
