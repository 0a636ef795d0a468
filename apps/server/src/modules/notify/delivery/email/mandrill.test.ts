import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, startFakeVendor, type VendorReply } from '../testing';
import { DeliveryError } from '../vendor';
import { describeVendorConformance } from '../vendor-conformance';
import { mandrill } from './mandrill';
import { firstProblem, MESSAGE, recordingContext, SENDER, sendWith } from './testing';

const credentials = { ...SENDER, apiKey: 'md-key-1' };

describeVendorConformance({
  name: 'mandrill',
  credentials,
  send: sendWith(mandrill),
  check: (call) => {
    const body = call.body as { key?: string; message?: Record<string, unknown> };
    const to = body.message?.to as { email?: string; type?: string }[] | undefined;
    return firstProblem([
      [
        call.method === 'POST' && call.path === '/api/1.0/messages/send',
        `unexpected ${call.method} ${call.path}`,
      ],
      [body.key === 'md-key-1', 'bad key'],
      [body.message?.from_email === SENDER.from && body.message.from_name === SENDER.senderName, 'bad from'],
      [to?.[0]?.email === MESSAGE.to && to[0].type === 'to', 'bad to'],
      [body.message?.subject === MESSAGE.subject && body.message.html === MESSAGE.html, 'bad content'],
    ]);
  },
  success: { status: 200, body: [{ email: MESSAGE.to, status: 'sent', _id: 'abc123', reject_reason: null }] },
  // Mandrill answers its documented errors with HTTP 500.
  clientError: {
    status: 500,
    body: { status: 'error', code: -2, name: 'ValidationError', message: 'Validation error: to[0].email' },
  },
  replies: {
    serverError: {
      status: 500,
      body: { status: 'error', code: -1, name: 'GeneralError', message: 'try later' },
    },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('abc123'),
});

describe('mandrill answers', () => {
  let reply: VendorReply;
  let fake: FakeVendor;
  beforeAll(async () => {
    fake = await startFakeVendor(() => reply);
  });
  afterAll(() => fake.stop());
  const send = () => mandrill(recordingContext(fake.origin, credentials), MESSAGE).catch((e: unknown) => e);

  it('an invalid key (HTTP 500 Invalid_Key) is permanent', async () => {
    reply = {
      status: 500,
      body: { status: 'error', code: -1, name: 'Invalid_Key', message: 'Invalid API key' },
    };
    const error = (await send()) as DeliveryError;
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error.kind).toBe('permanent');
    expect(error.message).toContain('Invalid_Key');
  });

  it('a rejected recipient in a 200 answer is a permanent failure with the reason', async () => {
    reply = {
      status: 200,
      body: [{ email: MESSAGE.to, status: 'rejected', reject_reason: 'hard-bounce', _id: 'x' }],
    };
    const error = (await send()) as DeliveryError;
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error.kind).toBe('permanent');
    expect(error.message).toContain('rejected (hard-bounce)');
  });

  it('queued counts as accepted', async () => {
    reply = { status: 200, body: [{ email: MESSAGE.to, status: 'queued', _id: 'q-1', reject_reason: null }] };
    expect(await send()).toMatchObject({ messageId: 'q-1' });
  });
});
