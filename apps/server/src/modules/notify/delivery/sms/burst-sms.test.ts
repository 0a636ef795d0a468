import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { burstSms } from './burst-sms';
import { basicOf, firstProblem, formOf, SMS } from './fixtures';

describeVendorConformance({
  name: 'burst-sms',
  credentials: { apiKey: 'burst-key', secretKey: 'burst-secret', from: '61400000000' },
  send: (ctx) => burstSms(ctx, SMS),
  check: (call) => {
    const form = formOf(call);
    const auth = basicOf(call);
    return firstProblem(
      [call.method === 'POST' && call.path === '/send-sms.json', `${call.method} ${call.path}`],
      [auth?.user === 'burst-key' && auth.secret === 'burst-secret', 'HTTP Basic API key and secret'],
      [form.get('to') === '919812345678' && form.get('message') === SMS.content, 'to as digits, message'],
      [form.get('from') === '61400000000', 'from'],
    );
  },
  success: {
    status: 200,
    body: {
      message_id: 9876543,
      send_at: '2026-11-25 22:00:00',
      recipients: 1,
      cost: 0.07,
      sms: 1,
      error: { code: 'SUCCESS', description: 'OK' },
    },
  },
  clientError: {
    status: 400,
    body: { error: { code: 'FIELD_INVALID', description: 'to: not a valid mobile number' } },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('9876543'),
});

describe('burst-sms invalid numbers', () => {
  it('reports a number listed in `fails` of a 200 answer as refused', async () => {
    const fake = await startFakeVendor(() => ({
      status: 200,
      body: {
        message_id: 1,
        recipients: 0,
        fails: ['919812345678'],
        error: { code: 'SUCCESS', description: 'OK' },
      },
    }));
    try {
      const error = await burstSms(fakeContext(fake, { apiKey: 'k', secretKey: 's' }), SMS).catch((e) => e);
      expect(error.kind).toBe('permanent');
      expect(error.message).toBe('Burst SMS: the number was refused as invalid');
      expect(formOf(fake.calls[0]!).has('from')).toBe(false);
    } finally {
      await fake.stop();
    }
  });
});
