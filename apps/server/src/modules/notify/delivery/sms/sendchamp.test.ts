import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { firstProblem, jsonOf, SMS } from './fixtures';
import { sendchamp } from './sendchamp';

const credentials = { apiKey: 'sendchamp_live_key', from: 'Forecourt' };

describeVendorConformance({
  name: 'sendchamp',
  credentials,
  send: (ctx) => sendchamp(ctx, SMS),
  check: (call) => {
    const body = jsonOf(call);
    return firstProblem(
      [call.method === 'POST' && call.path === '/api/v1/sms/send', `${call.method} ${call.path}`],
      [call.headers.authorization === 'Bearer sendchamp_live_key', 'bearer API key'],
      [JSON.stringify(body.to) === '["919812345678"]', 'to as a list of digits'],
      [body.message === SMS.content && body.sender_name === 'Forecourt', 'message and sender_name'],
      [body.route === 'international', 'international route outside Nigeria'],
    );
  },
  success: {
    status: 200,
    body: { code: 200, message: 'success', status: 'success', data: { id: 'sc-1', status: 'processing' } },
  },
  clientError: { status: 400, body: { code: 400, message: 'Sender name not approved', status: 'error' } },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('sc-1'),
});

describe('sendchamp route', () => {
  it('uses the dnd route for Nigerian numbers', async () => {
    const fake = await startFakeVendor(() => ({ status: 200, body: { data: { id: 'sc-2' } } }));
    try {
      await sendchamp(fakeContext(fake, credentials), { ...SMS, to: '+2348012345678' });
      expect(jsonOf(fake.calls[0]!).route).toBe('dnd');
    } finally {
      await fake.stop();
    }
  });
});
