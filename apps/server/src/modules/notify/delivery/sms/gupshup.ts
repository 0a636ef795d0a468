import { expectSuccess, type SmsSender } from '../vendor';
import { digitsOnly, needsUnicode, refusal, required, summary } from './common';

const PROVIDER = 'Gupshup';

/**
 * Gupshup Enterprise SMS API: POST /GatewayAPI/rest, form parameters with the plain auth scheme
 * (userid, password, method=SendMessage, send_to as digits, msg, msg_type TEXT or Unicode_text,
 * v=1.1, format=text). Answers HTTP 200 with `success | <number> | <id>` or
 * `error | <code> | <text>`. Gupshup has no idempotency key. DLT template matching for India is
 * done by Gupshup against the account's registered templates.
 */
export const gupshup: SmsSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin('https://enterprise.smsgupshup.com')}/GatewayAPI/rest`,
    form: [
      ['method', 'SendMessage'],
      ['send_to', digitsOnly(message.to)],
      ['msg', message.content],
      ['msg_type', needsUnicode(message.content) ? 'Unicode_text' : 'TEXT'],
      ['userid', required(ctx, PROVIDER, 'user', 'user id')],
      ['password', required(ctx, PROVIDER, 'password', 'password')],
      ['auth_scheme', 'plain'],
      ['v', '1.1'],
      ['format', 'text'],
    ],
  });
  expectSuccess(PROVIDER, answer);
  const [status, second, third] = answer.text.split('|').map((part) => part.trim());
  if (status?.toLowerCase() !== 'success')
    throw refusal(
      PROVIDER,
      answer,
      status?.toLowerCase() === 'error' ? `${second} ${third ?? ''}`.trim() : 'unreadable answer',
    );
  return { messageId: third, raw: summary(answer) };
};
