import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, startFakeVendor } from '../testing';
import { DeliveryError } from '../vendor';
import { describeVendorConformance } from '../vendor-conformance';
import { mailersend } from './mailersend';
import { firstProblem, MESSAGE, recordingContext, SENDER, sendWith } from './testing';

const credentials = { ...SENDER, apiKey: 'mlsn.token-1' };

describeVendorConformance({
  name: 'mailersend',
  credentials,
  send: sendWith(mailersend),
  check: (call) => {
    const body = call.body as {
      from?: { email?: string; name?: string };
      to?: { email?: string }[];
      subject?: string;
      html?: string;
    };
    return firstProblem([
      [call.method === 'POST' && call.path === '/v1/email', `unexpected ${call.method} ${call.path}`],
      [call.headers.authorization === 'Bearer mlsn.token-1', 'bad auth'],
      [body.from?.email === SENDER.from && body.from.name === SENDER.senderName, 'bad from'],
      [body.to?.[0]?.email === MESSAGE.to, 'bad to'],
      [body.subject === MESSAGE.subject && body.html === MESSAGE.html, 'bad content'],
    ]);
  },
  success: { status: 202, headers: { 'x-message-id': '5e42957d51f1d94a1070a733' } },
  clientError: {
    status: 422,
    body: {
      message: 'The from.email domain must be verified in your account to send emails. #MS42207',
      errors: {
        'from.email': ['The from.email domain must be verified in your account to send emails. #MS42207'],
      },
    },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('5e42957d51f1d94a1070a733'),
});

describe('mailersend warnings', () => {
  let fake: FakeVendor;
  beforeAll(async () => {
    fake = await startFakeVendor(() => ({
      status: 202,
      headers: { 'x-message-id': 'm-2' },
      body: {
        message: 'There are some warnings for your request.',
        warnings: [
          {
            type: 'ALL_SUPPRESSED',
            warning: 'None of the recipients were sent this email.',
            recipients: [{ email: MESSAGE.to, reasons: ['hard_bounced'] }],
          },
        ],
      },
    }));
  });
  afterAll(() => fake.stop());

  it('a 202 whose every recipient was suppressed is a permanent failure', async () => {
    const error = await mailersend(recordingContext(fake.origin, credentials), MESSAGE).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).kind).toBe('permanent');
    expect(String(error)).toContain('None of the recipients');
  });
});
