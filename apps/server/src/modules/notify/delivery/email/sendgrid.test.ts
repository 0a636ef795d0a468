import { describe, expect, it } from 'vitest';
import { startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { sendgrid } from './sendgrid';
import { firstProblem, MESSAGE, recordingContext, SENDER, sendWith } from './testing';

const credentials = { ...SENDER, apiKey: 'SG.key-1', ipPoolName: 'transactional' };

describeVendorConformance({
  name: 'sendgrid',
  credentials,
  send: sendWith(sendgrid),
  check: (call) => {
    const body = call.body as {
      personalizations?: { to?: { email?: string }[] }[];
      from?: { email?: string; name?: string };
      subject?: string;
      content?: { type: string; value: string }[];
      ip_pool_name?: string;
    };
    return firstProblem([
      [call.method === 'POST' && call.path === '/v3/mail/send', `unexpected ${call.method} ${call.path}`],
      [call.headers.authorization === 'Bearer SG.key-1', 'bad auth'],
      [body.personalizations?.[0]?.to?.[0]?.email === MESSAGE.to, 'bad recipient'],
      [body.from?.email === SENDER.from && body.from.name === SENDER.senderName, 'bad from'],
      [body.subject === MESSAGE.subject, 'bad subject'],
      [body.content?.[0]?.type === 'text/plain' && body.content[1]?.type === 'text/html', 'content order'],
      [body.content?.[1]?.value === MESSAGE.html, 'bad html'],
      [body.ip_pool_name === 'transactional', 'ip pool not sent'],
    ]);
  },
  success: { status: 202, headers: { 'x-message-id': 'sg-msg-1' } },
  clientError: {
    status: 400,
    body: {
      errors: [{ message: 'The from address does not match a verified Sender Identity.', field: 'from' }],
    },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('sg-msg-1'),
});

describe('sendgrid specifics', () => {
  it('uses the EU host for EU accounts and reports the vendor error text', async () => {
    const fake = await startFakeVendor(() => ({ status: 401, body: { errors: [{ message: 'bad key' }] } }));
    try {
      const ctx = recordingContext(fake.origin, { ...credentials, region: 'eu' });
      const error = await sendgrid(ctx, MESSAGE).catch((e: unknown) => e);
      expect(ctx.asked).toEqual(['https://api.eu.sendgrid.com']);
      expect(String(error)).toContain('HTTP 401: bad key');
      expect(String(error)).not.toContain('SG.key-1');
    } finally {
      await fake.stop();
    }
  });
});
