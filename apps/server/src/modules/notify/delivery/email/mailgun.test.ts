import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { mailgun } from './mailgun';
import { basicAuth, firstProblem, formFields, MESSAGE, recordingContext, SENDER, sendWith } from './testing';

const credentials = { ...SENDER, apiKey: 'key-mg-1', user: 'api', domain: 'mg.forecourt.example' };

describeVendorConformance({
  name: 'mailgun',
  credentials,
  send: sendWith(mailgun),
  check: (call) => {
    const form = formFields(call);
    if (!form) return `not multipart: ${String(call.headers['content-type'])}`;
    return firstProblem([
      [
        call.method === 'POST' && call.path === '/v3/mg.forecourt.example/messages',
        `unexpected ${call.method} ${call.path}`,
      ],
      [basicAuth(call.headers.authorization)?.join(':') === 'api:key-mg-1', 'bad auth'],
      [form.get('from') === '"Forecourt Alerts" <alerts@forecourt.example>', `bad from ${form.get('from')}`],
      [form.get('to') === MESSAGE.to && form.get('subject') === MESSAGE.subject, 'bad to/subject'],
      [form.get('html') === MESSAGE.html && form.get('text') === MESSAGE.text, 'bad bodies'],
      [form.get('v:transactionId') === MESSAGE.transactionId, 'no transaction id variable'],
    ]);
  },
  success: { status: 200, body: { id: '<20261125.1@mg.forecourt.example>', message: 'Queued. Thank you.' } },
  clientError: {
    status: 400,
    body: { message: "'to' parameter is not a valid address. please check documentation" },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('<20261125.1@mg.forecourt.example>'),
});

describe('mailgun base URL', () => {
  let fake: FakeVendor;
  beforeAll(async () => {
    fake = await startFakeVendor(() => ({ status: 401, body: 'Forbidden' }));
  });
  afterAll(() => fake.stop());

  it('sends to the EU host when the base URL names it, and a refused key is permanent', async () => {
    const ctx = recordingContext(fake.origin, { ...credentials, baseUrl: 'https://api.eu.mailgun.net/v3' });
    const error = await mailgun(ctx, MESSAGE).catch((e: unknown) => e);
    expect(ctx.asked).toEqual(['https://api.eu.mailgun.net']);
    expect(String(error)).toContain('HTTP 401: Forbidden');
    expect(String(error)).not.toContain('key-mg-1');
  });

  it('uses the US host by default', async () => {
    const ctx = recordingContext(fake.origin, credentials);
    await mailgun(ctx, MESSAGE).catch(() => undefined);
    expect(ctx.asked).toEqual(['https://api.mailgun.net']);
  });
});
