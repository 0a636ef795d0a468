import { credential, expectSuccess, type SmsSender } from './vendor';
import { describeVendorConformance } from './vendor-conformance';

/** The harness itself, on the smallest adapter that follows the contract. */
const minimal: SmsSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin('https://sms.example.test')}/v1/messages`,
    headers: { authorization: `Bearer ${credential(ctx.credentials, 'apiKey')}` },
    json: { to: message.to, text: message.content },
  });
  expectSuccess('Minimal', answer);
  return { messageId: String((answer.json as { id?: unknown }).id), raw: `HTTP ${answer.status}` };
};

describeVendorConformance({
  name: 'the minimal adapter',
  credentials: { apiKey: 'k-123' },
  send: (ctx) =>
    minimal(ctx, {
      to: '+919812345678',
      content: 'hi',
      transactionId: 't',
      subscriberId: null,
      workflow: null,
    }),
  check: (call) => {
    if (call.method !== 'POST' || call.path !== '/v1/messages')
      return `unexpected ${call.method} ${call.path}`;
    if (call.headers.authorization !== 'Bearer k-123') return 'bad auth';
    const body = call.body as { to?: string; text?: string };
    return body.to === '+919812345678' && body.text === 'hi' ? undefined : 'bad body';
  },
  success: { status: 201, body: { id: 'm-1' } },
  clientError: { status: 400, body: { error: 'invalid number' } },
  onSuccess: (outcome) => {
    if (outcome.messageId !== 'm-1') throw new Error(`message id ${outcome.messageId}`);
  },
});
