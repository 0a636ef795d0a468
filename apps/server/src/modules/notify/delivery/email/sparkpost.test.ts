import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, startFakeVendor } from '../testing';
import { DeliveryError } from '../vendor';
import { describeVendorConformance } from '../vendor-conformance';
import { sparkpost } from './sparkpost';
import { firstProblem, MESSAGE, recordingContext, SENDER, sendWith } from './testing';

const credentials = { ...SENDER, apiKey: 'sp-key-1' };

describeVendorConformance({
  name: 'sparkpost',
  credentials,
  send: sendWith(sparkpost),
  check: (call) => {
    const body = call.body as {
      recipients?: { address?: { email?: string } }[];
      content?: { from?: { email?: string; name?: string }; subject?: string; html?: string; text?: string };
    };
    return firstProblem([
      [
        call.method === 'POST' && call.path === '/api/v1/transmissions',
        `unexpected ${call.method} ${call.path}`,
      ],
      [call.headers.authorization === 'sp-key-1', 'the API key is the whole Authorization header'],
      [body.recipients?.[0]?.address?.email === MESSAGE.to, 'bad recipient'],
      [body.content?.from?.email === SENDER.from && body.content.from.name === SENDER.senderName, 'bad from'],
      [body.content?.subject === MESSAGE.subject && body.content.html === MESSAGE.html, 'bad content'],
    ]);
  },
  success: {
    status: 200,
    body: {
      results: { total_rejected_recipients: 0, total_accepted_recipients: 1, id: '11668787484950529' },
    },
  },
  clientError: {
    status: 422,
    body: {
      errors: [{ message: 'Invalid domain', description: 'Unconfigured Sending Domain', code: '7001' }],
    },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('11668787484950529'),
});

describe('sparkpost specifics', () => {
  let fake: FakeVendor;
  beforeAll(async () => {
    fake = await startFakeVendor(() => ({
      status: 200,
      body: { results: { total_rejected_recipients: 1, total_accepted_recipients: 0, id: '1' } },
    }));
  });
  afterAll(() => fake.stop());

  it('uses the EU host for EU accounts', async () => {
    const ctx = recordingContext(fake.origin, { ...credentials, region: 'eu' });
    await sparkpost(ctx, MESSAGE).catch(() => undefined);
    expect(ctx.asked).toEqual(['https://api.eu.sparkpost.com']);
    const us = recordingContext(fake.origin, credentials);
    await sparkpost(us, MESSAGE).catch(() => undefined);
    expect(us.asked).toEqual(['https://api.sparkpost.com']);
  });

  it('a 200 whose only recipient was rejected is a permanent failure', async () => {
    const error = await sparkpost(recordingContext(fake.origin, credentials), MESSAGE).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).kind).toBe('permanent');
  });
});
