import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor, type VendorCall } from '../testing';
import { DeliveryError } from '../vendor';
import { describeVendorConformance } from '../vendor-conformance';
import { firstProblem, formOf, SMS } from './fixtures';
import { nexmo } from './nexmo';

const credentials = { apiKey: 'abcd1234', secretKey: 'vonage-secret', from: 'FORECOURT' };

const check = (call: VendorCall) => {
  const form = formOf(call);
  return firstProblem(
    [call.method === 'POST' && call.path === '/sms/json', `${call.method} ${call.path}`],
    [
      form.get('api_key') === 'abcd1234' && form.get('api_secret') === 'vonage-secret',
      'api_key and api_secret',
    ],
    [form.get('to') === '919812345678', 'to as digits without +'],
    [form.get('from') === 'FORECOURT' && form.get('text') === SMS.content, 'from and text'],
    [(form.get('client-ref') ?? '').length > 0 && (form.get('client-ref') ?? '').length <= 100, 'client-ref'],
  );
};

/** Vonage answers 200 with a per-message status; a refusal is a non-zero status and error-text. */
const answer = (status: string, errorText?: string) => ({
  status: 200,
  body: {
    'message-count': '1',
    messages: [
      errorText
        ? { status, 'error-text': errorText }
        : { to: '919812345678', 'message-id': '0A0000000123ABCD1', status, 'remaining-balance': '3.14' },
    ],
  },
});

describeVendorConformance({
  name: 'nexmo (Vonage)',
  credentials,
  send: (ctx) => nexmo(ctx, SMS),
  check,
  success: answer('0'),
  clientError: answer('3', 'Invalid to parameter'),
  replies: { clientError: answer('3', 'Invalid to parameter') },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('0A0000000123ABCD1'),
});

describe('nexmo (Vonage) statuses inside a 200 answer', () => {
  const sendWith = async (reply: ReturnType<typeof answer>, content = SMS.content) => {
    const fake = await startFakeVendor(() => reply);
    try {
      const error = await nexmo(fakeContext(fake, credentials), { ...SMS, content }).then(
        () => undefined,
        (e) => e,
      );
      return { error, call: fake.calls[0]! };
    } finally {
      await fake.stop();
    }
  };

  it('takes status 1 (throttled) as transient and status 4 (bad credentials) as permanent', async () => {
    const throttled = (await sendWith(answer('1', 'Throttled'))).error;
    expect(throttled).toBeInstanceOf(DeliveryError);
    expect(throttled.kind).toBe('transient');
    const refused = (await sendWith(answer('4', 'Bad Credentials'))).error;
    expect(refused.kind).toBe('permanent');
    expect(refused.message).toBe('Vonage: status 4: Bad Credentials');
    expect(refused.message).not.toContain('vonage-secret');
  });

  it('asks for unicode when the text is not GSM (e.g. Hindi)', async () => {
    const { error, call } = await sendWith(answer('0'), 'पंप 4 बंद है');
    expect(error).toBeUndefined();
    expect(formOf(call).get('type')).toBe('unicode');
    expect(formOf(call).get('text')).toBe('पंप 4 बंद है');
  });
});
