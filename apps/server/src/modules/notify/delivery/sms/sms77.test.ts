import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor, type VendorCall } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { firstProblem, jsonOf, SMS } from './fixtures';
import { sms77 } from './sms77';

const credentials = { apiKey: 'sms77-key', from: 'Forecourt' };

const check = (call: VendorCall) => {
  const body = jsonOf(call);
  return firstProblem(
    [call.method === 'POST' && call.path === '/api/sms', `${call.method} ${call.path}`],
    [call.headers['x-api-key'] === 'sms77-key', 'X-Api-Key header'],
    [body.to === SMS.to && body.text === SMS.content && body.from === 'Forecourt', 'to, text, from'],
    [body.json === 1, 'json=1 for a JSON answer'],
    [/^[A-Za-z0-9.\-_@]{1,64}$/.test(String(body.foreign_id)), 'foreign_id format'],
  );
};

const sent = {
  success: '100',
  total_price: 0.075,
  balance: 12.3,
  debug: 'false',
  sms_type: 'direct',
  messages: [{ id: '77229318', recipient: '919812345678', success: true, error: null, parts: 1 }],
};

describeVendorConformance({
  name: 'sms77',
  credentials,
  send: (ctx) => sms77(ctx, SMS),
  check,
  success: { status: 200, body: sent },
  clientError: { status: 200, body: '202' },
  replies: { clientError: { status: 200, body: '202' } },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('77229318'),
});

describe('sms77 return codes', () => {
  it('takes the reload lock (402: the same text already went to this number) as delivered, and 900 (auth) as refused', async () => {
    let reply: unknown = '402';
    const fake = await startFakeVendor((call) => {
      const problem = check(call);
      return problem ? { status: 400, body: { fake: problem } } : { status: 200, body: reply };
    });
    try {
      const retried = await sms77(fakeContext(fake, credentials), SMS);
      expect(retried.raw).toContain('reload lock');
      reply = '900';
      const error = await sms77(fakeContext(fake, credentials), SMS).catch((e) => e);
      expect(error.kind).toBe('permanent');
      expect(error.message).toBe('sms77: return code 900');
    } finally {
      await fake.stop();
    }
  });
});
