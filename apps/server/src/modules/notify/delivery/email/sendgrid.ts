import { credential, type EmailSender, expectSuccess } from '../vendor';
import { answered, required, senderOf, textAt } from './common';

/**
 * SendGrid v3 Mail Send: `POST /v3/mail/send` with a bearer API key. 202 with no body is success
 * (the message id is in `X-Message-Id`); errors carry `errors[].message`. EU accounts use the EU
 * host. SendGrid has no idempotency key: a retry after a lost answer may send twice.
 */
export const sendgrid: EmailSender = async (ctx, message) => {
  const apiKey = required(ctx, 'SendGrid', 'apiKey', 'API key');
  const from = senderOf(ctx, 'SendGrid');
  const eu = credential(ctx.credentials, 'region') === 'eu';
  const ipPool = credential(ctx.credentials, 'ipPoolName');
  const answer = await ctx.http({
    url: `${ctx.origin(eu ? 'https://api.eu.sendgrid.com' : 'https://api.sendgrid.com')}/v3/mail/send`,
    headers: { authorization: `Bearer ${apiKey}` },
    json: {
      personalizations: [{ to: [{ email: message.to }] }],
      from: from.name ? { email: from.email, name: from.name } : { email: from.email },
      subject: message.subject,
      // SendGrid requires text/plain before text/html.
      content: [
        ...(message.text ? [{ type: 'text/plain', value: message.text }] : []),
        { type: 'text/html', value: message.html || message.text },
      ],
      custom_args: { transactionId: message.transactionId },
      ...(ipPool ? { ip_pool_name: ipPool } : {}),
    },
  });
  expectSuccess('SendGrid', answer, (json) => textAt(json, 'errors', 0, 'message'));
  const messageId = answer.headers.get('x-message-id') ?? undefined;
  return { messageId, raw: answered(answer.status, messageId) };
};
