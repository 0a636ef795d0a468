import { expectSuccess, type SmsSender } from '../vendor';
import { clientReference, digitsOnly, refusal, required, summary } from './common';

const PROVIDER = 'Firetext';

/**
 * FireText API: POST /api/sendsms, form parameters (apiKey, to as digits, from, message,
 * reference). Answers HTTP 200 with `<code>:<credits> <description>`, code 0 when queued, and the
 * message id in the `X-Message` header. `reference` carries a digest of the job's idempotency key;
 * FireText does not deduplicate on it.
 */
export const firetext: SmsSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin('https://www.firetext.co.uk')}/api/sendsms`,
    form: [
      ['apiKey', required(ctx, PROVIDER, 'apiKey', 'API key')],
      ['to', digitsOnly(message.to)],
      ['from', required(ctx, PROVIDER, 'from', 'sender')],
      ['message', message.content],
      ['reference', clientReference(ctx.idempotencyKey, 20, /^[A-Za-z0-9]+$/)],
    ],
  });
  expectSuccess(PROVIDER, answer);
  const match = /^(\d+):\S*\s*(.*)$/s.exec(answer.text.trim());
  if (match?.[1] !== '0')
    throw refusal(PROVIDER, answer, match ? `code ${match[1]}: ${match[2]}` : 'unreadable answer');
  return { messageId: answer.headers.get('x-message') ?? undefined, raw: summary(answer) };
};
