import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { infobipEmail } from './infobip-email';
import { firstProblem, formFields, MESSAGE, recordingContext, SENDER, sendWith } from './testing';

const credentials = { ...SENDER, apiKey: 'ib-key-1', baseUrl: 'https://xyz12.api.infobip.com' };

describeVendorConformance({
  name: 'infobip-email',
  credentials,
  send: sendWith(infobipEmail),
  check: (call) => {
    const form = formFields(call);
    if (!form) return `not multipart: ${String(call.headers['content-type'])}`;
    return firstProblem([
      [call.method === 'POST' && call.path === '/email/3/send', `unexpected ${call.method} ${call.path}`],
      [call.headers.authorization === 'App ib-key-1', 'bad auth (App scheme)'],
      [form.get('from') === '"Forecourt Alerts" <alerts@forecourt.example>', 'bad from'],
      [form.get('to') === MESSAGE.to && form.get('subject') === MESSAGE.subject, 'bad to/subject'],
      [form.get('html') === MESSAGE.html && form.get('text') === MESSAGE.text, 'bad bodies'],
    ]);
  },
  success: {
    status: 200,
    body: {
      bulkId: 'b-1',
      messages: [
        {
          to: MESSAGE.to,
          messageId: 'ib-msg-1',
          status: {
            groupId: 1,
            groupName: 'PENDING',
            id: 26,
            name: 'PENDING_ACCEPTED',
            description: 'Message accepted',
          },
        },
      ],
    },
  },
  clientError: {
    status: 401,
    body: {
      requestError: { serviceException: { messageId: 'UNAUTHORIZED', text: 'Invalid login details' } },
    },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('ib-msg-1'),
});

describe('infobip base URL', () => {
  let fake: FakeVendor;
  beforeAll(async () => {
    fake = await startFakeVendor(() => ({ status: 200, body: { messages: [{ messageId: 'm' }] } }));
  });
  afterAll(() => fake.stop());

  it("sends to the account's base URL, with or without a scheme", async () => {
    const ctx = recordingContext(fake.origin, { ...credentials, baseUrl: 'xyz12.api.infobip.com/' });
    await infobipEmail(ctx, MESSAGE);
    expect(ctx.asked).toEqual(['https://xyz12.api.infobip.com']);
  });
});
