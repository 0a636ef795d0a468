import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { firstProblem, formOf, SMS } from './fixtures';
import { smsCentral } from './sms-central';

const credentials = { user: 'station-ops', password: 'central-pass', from: 'FORECOURT' };

describeVendorConformance({
  name: 'sms-central',
  credentials,
  send: (ctx) => smsCentral(ctx, SMS),
  check: (call) => {
    const form = formOf(call);
    return firstProblem(
      [call.method === 'POST' && call.path === '/api/v3.2', `${call.method} ${call.path}`],
      [
        form.get('USERNAME') === 'station-ops' && form.get('PASSWORD') === 'central-pass',
        'USERNAME and PASSWORD',
      ],
      [form.get('ACTION') === 'send', 'ACTION=send'],
      [
        form.get('ORIGINATOR') === 'FORECOURT' && form.get('RECIPIENT') === '919812345678',
        'ORIGINATOR, RECIPIENT',
      ],
      [form.get('MESSAGE_TEXT') === SMS.content, 'MESSAGE_TEXT'],
      [(form.get('REFERENCE') ?? '').length > 0 && (form.get('REFERENCE') ?? '').length <= 100, 'REFERENCE'],
    );
  },
  success: { status: 200, body: '0' },
  clientError: { status: 200, body: '401' },
  replies: { clientError: { status: 200, body: '401' } },
});

describe('sms-central base URL', () => {
  it('keeps the path of a configured base URL', async () => {
    const fake = await startFakeVendor(() => ({ status: 200, body: '0' }));
    try {
      await smsCentral(
        fakeContext(fake, { ...credentials, baseUrl: 'https://sms.example.test/api/v4/' }),
        SMS,
      );
      expect(fake.calls[0]?.path).toBe('/api/v4');
    } finally {
      await fake.stop();
    }
  });
});
