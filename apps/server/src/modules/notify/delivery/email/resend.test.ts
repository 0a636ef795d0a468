import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, startFakeVendor } from '../testing';
import { DeliveryError } from '../vendor';
import { describeVendorConformance } from '../vendor-conformance';
import { resend } from './resend';
import { firstProblem, MESSAGE, recordingContext, SENDER, sendWith } from './testing';

const credentials = { ...SENDER, apiKey: 're_key_1' };

describeVendorConformance({
  name: 'resend',
  credentials,
  send: sendWith(resend),
  check: (call) => {
    const body = call.body as Record<string, unknown>;
    return firstProblem([
      [call.method === 'POST' && call.path === '/emails', `unexpected ${call.method} ${call.path}`],
      [call.headers.authorization === 'Bearer re_key_1', 'bad auth'],
      [call.headers['idempotency-key'] === 'job-1:integration-1', 'no idempotency key'],
      [body.from === '"Forecourt Alerts" <alerts@forecourt.example>', 'bad from'],
      [Array.isArray(body.to) && body.to[0] === MESSAGE.to, 'bad to'],
      [body.subject === MESSAGE.subject && body.html === MESSAGE.html, 'bad content'],
    ]);
  },
  success: { status: 200, body: { id: '49a3999c-0ce1-4ea6-ab68-afcd6dc2e794' } },
  clientError: {
    status: 422,
    body: { statusCode: 422, name: 'validation_error', message: 'Invalid `to` field.' },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('49a3999c-0ce1-4ea6-ab68-afcd6dc2e794'),
});

describe('resend idempotency', () => {
  // A fake that keeps what Resend keeps: the answer given for each idempotency key.
  const seen = new Map<string, string>();
  let sent = 0;
  let fake: FakeVendor;
  beforeAll(async () => {
    fake = await startFakeVendor((call) => {
      const key = String(call.headers['idempotency-key']);
      if (key === 'busy')
        return {
          status: 409,
          body: { statusCode: 409, name: 'concurrent_idempotent_requests', message: 'in progress' },
        };
      const id = seen.get(key) ?? `email-${++sent}`;
      seen.set(key, id);
      return { status: 200, body: { id } };
    });
  });
  afterAll(() => fake.stop());

  it('a retry with the same job key gets the first answer and sends nothing new', async () => {
    const first = await resend(
      recordingContext(fake.origin, credentials, { idempotencyKey: 'job-9:int-1' }),
      MESSAGE,
    );
    const again = await resend(
      recordingContext(fake.origin, credentials, { idempotencyKey: 'job-9:int-1' }),
      MESSAGE,
    );
    expect(again.messageId).toBe(first.messageId);
    expect(sent).toBe(1);
  });

  it('treats a request still in progress under the same key as transient', async () => {
    const error = await resend(
      recordingContext(fake.origin, credentials, { idempotencyKey: 'busy' }),
      MESSAGE,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).kind).toBe('transient');
  });
});
