import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, startFakeVendor } from '../testing';
import { DeliveryError } from '../vendor';
import { describeVendorConformance } from '../vendor-conformance';
import { netcore } from './netcore';
import { firstProblem, MESSAGE, recordingContext, SENDER, sendWith } from './testing';

const credentials = { ...SENDER, apiKey: 'nc-key-1' };

describeVendorConformance({
  name: 'netcore',
  credentials,
  send: sendWith(netcore),
  check: (call) => {
    const body = call.body as {
      from?: { email?: string; name?: string };
      subject?: string;
      content?: { type?: string; value?: string }[];
      personalizations?: { to?: { email?: string }[] }[];
    };
    return firstProblem([
      [call.method === 'POST' && call.path === '/v5.1/mail/send', `unexpected ${call.method} ${call.path}`],
      [call.headers.api_key === 'nc-key-1', 'bad api_key header'],
      [body.from?.email === SENDER.from && body.from.name === SENDER.senderName, 'bad from'],
      [body.content?.[0]?.type === 'html' && body.content[0].value === MESSAGE.html, 'bad content'],
      [body.personalizations?.[0]?.to?.[0]?.email === MESSAGE.to, 'bad recipient'],
      [body.subject === MESSAGE.subject, 'bad subject'],
    ]);
  },
  success: { status: 200, body: { data: { message_id: 'nc-msg-1' }, message: 'OK', status: 'success' } },
  clientError: {
    status: 400,
    body: {
      data: [],
      message: 'OK',
      status: 'error',
      error: [{ message: 'Invalid from', field: 'from', description: 'from email domain is not verified' }],
    },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('nc-msg-1'),
});

describe('netcore specifics', () => {
  let fake: FakeVendor;
  beforeAll(async () => {
    fake = await startFakeVendor(() => ({
      status: 200,
      body: { data: [], status: 'error', error: [{ message: 'x', description: 'daily limit reached' }] },
    }));
  });
  afterAll(() => fake.stop());

  it('an error status inside a 200 answer is a failure with the vendor text', async () => {
    const error = await netcore(recordingContext(fake.origin, credentials), MESSAGE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(String(error)).toContain('daily limit reached');
  });
});
