import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor } from '../testing';
import { DeliveryError } from '../vendor';
import { describeVendorConformance } from '../vendor-conformance';
import { basicOf, firstProblem, formOf, SMS } from './fixtures';
import { twilio } from './twilio';

const credentials = { accountSid: 'AC0123', token: 'tw-secret-token', from: '+15005550006' };

describeVendorConformance({
  name: 'twilio',
  credentials,
  send: (ctx) => twilio(ctx, SMS),
  check: (call) => {
    const form = formOf(call);
    const auth = basicOf(call);
    return firstProblem(
      [call.method === 'POST', `method ${call.method}`],
      [call.path === '/2010-04-01/Accounts/AC0123/Messages.json', `path ${call.path}`],
      [
        auth?.user === 'AC0123' && auth.secret === 'tw-secret-token',
        'HTTP Basic with the account SID and token',
      ],
      [String(call.headers['content-type']).startsWith('application/x-www-form-urlencoded'), 'form body'],
      [form.get('To') === SMS.to && form.get('From') === '+15005550006', 'To and From'],
      [form.get('Body') === SMS.content, 'Body'],
    );
  },
  success: { status: 201, body: { sid: 'SM9f1c', status: 'queued', to: SMS.to } },
  clientError: {
    status: 400,
    body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('SM9f1c'),
});

describe('twilio specifics', () => {
  it('sends through a Messaging Service when the sender is an MG… SID, and keeps the token out of errors', async () => {
    const fake = await startFakeVendor((call) =>
      formOf(call).get('MessagingServiceSid')
        ? { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } }
        : { status: 400, body: { message: 'expected MessagingServiceSid' } },
    );
    try {
      const service = 'MG0123456789abcdef0123456789abcdef';
      const error = await twilio(fakeContext(fake, { ...credentials, from: service }), SMS).catch((e) => e);
      expect(formOf(fake.calls[0]!).get('From')).toBeNull();
      expect(error).toBeInstanceOf(DeliveryError);
      expect(error.message).toBe('Twilio: HTTP 401: 20003 Authenticate');
      expect(error.message).not.toContain('tw-secret-token');
    } finally {
      await fake.stop();
    }
  });

  it('refuses to call without an auth token (permanent, nothing sent)', async () => {
    const fake = await startFakeVendor(() => ({ status: 201, body: {} }));
    try {
      const error = await twilio(fakeContext(fake, { accountSid: 'AC0123', from: '+1500' }), SMS).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(DeliveryError);
      expect(error.kind).toBe('permanent');
      expect(error.message).toContain('no auth token');
      expect(fake.calls).toHaveLength(0);
    } finally {
      await fake.stop();
    }
  });
});
