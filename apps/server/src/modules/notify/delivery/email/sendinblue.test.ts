import { describe, expect, it } from 'vitest';
import { describeVendorConformance } from '../vendor-conformance';
import { idempotencyUuid } from './common';
import { sendinblue } from './sendinblue';
import { firstProblem, MESSAGE, SENDER, sendWith } from './testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeVendorConformance({
  name: 'sendinblue (Brevo)',
  credentials: { ...SENDER, apiKey: 'xkeysib-1' },
  send: sendWith(sendinblue),
  check: (call) => {
    const body = call.body as {
      sender?: { email?: string; name?: string };
      to?: { email?: string }[];
      subject?: string;
      htmlContent?: string;
      headers?: { idempotencyKey?: string };
    };
    return firstProblem([
      [call.method === 'POST' && call.path === '/v3/smtp/email', `unexpected ${call.method} ${call.path}`],
      [call.headers['api-key'] === 'xkeysib-1', 'bad api-key'],
      [body.sender?.email === SENDER.from && body.sender.name === SENDER.senderName, 'bad sender'],
      [body.to?.[0]?.email === MESSAGE.to, 'bad to'],
      [body.subject === MESSAGE.subject && body.htmlContent === MESSAGE.html, 'bad content'],
      [UUID.test(body.headers?.idempotencyKey ?? ''), 'idempotencyKey must be a UUID'],
    ]);
  },
  success: { status: 201, body: { messageId: '<202611251000.12345@smtp-relay.mailin.fr>' } },
  clientError: { status: 400, body: { code: 'invalid_parameter', message: 'email is not valid in to' } },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('<202611251000.12345@smtp-relay.mailin.fr>'),
});

describe('the Brevo idempotency key', () => {
  it('is a UUID, the same for the same job and different for another', () => {
    expect(idempotencyUuid('job-1:int-1')).toMatch(UUID);
    expect(idempotencyUuid('job-1:int-1')).toBe(idempotencyUuid('job-1:int-1'));
    expect(idempotencyUuid('job-2:int-1')).not.toBe(idempotencyUuid('job-1:int-1'));
  });
});
