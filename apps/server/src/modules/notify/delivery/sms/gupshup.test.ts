import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { firstProblem, formOf, SMS } from './fixtures';
import { gupshup } from './gupshup';

const credentials = { user: '2000012345', password: 'gupshup-pass' };

describeVendorConformance({
  name: 'gupshup',
  credentials,
  send: (ctx) => gupshup(ctx, SMS),
  check: (call) => {
    const form = formOf(call);
    return firstProblem(
      [call.method === 'POST' && call.path === '/GatewayAPI/rest', `${call.method} ${call.path}`],
      [form.get('userid') === '2000012345' && form.get('password') === 'gupshup-pass', 'userid and password'],
      [form.get('auth_scheme') === 'plain' && form.get('v') === '1.1', 'plain auth scheme, v 1.1'],
      [form.get('method') === 'SendMessage' && form.get('format') === 'text', 'method and format'],
      [form.get('send_to') === '919812345678', 'send_to as digits'],
      [form.get('msg') === SMS.content && form.get('msg_type') === 'TEXT', 'msg and msg_type'],
    );
  },
  success: { status: 200, body: 'success | 919812345678 | 3962188285873287394-123456789' },
  clientError: { status: 200, body: 'error | 105 | The phone number is invalid' },
  replies: { clientError: { status: 200, body: 'error | 105 | The phone number is invalid' } },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('3962188285873287394-123456789'),
});

describe('gupshup specifics', () => {
  it('sends Indian-language text as Unicode_text and reports the vendor error text', async () => {
    const fake = await startFakeVendor(() => ({ status: 200, body: 'error | 322 | Invalid template' }));
    try {
      const error = await gupshup(fakeContext(fake, credentials), { ...SMS, content: 'पंप 4 बंद है' }).catch(
        (e) => e,
      );
      expect(formOf(fake.calls[0]!).get('msg_type')).toBe('Unicode_text');
      expect(error.message).toBe('Gupshup: 322 Invalid template');
      expect(error.message).not.toContain('gupshup-pass');
    } finally {
      await fake.stop();
    }
  });
});
