import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { clicksend } from './clicksend';
import { first, record } from './common';
import { basicOf, firstProblem, jsonOf, SMS } from './fixtures';

const credentials = { user: 'ops@forecourt.test', apiKey: 'cs-key' };

const answer = (status: string) => ({
  status: 200,
  body: {
    http_code: 200,
    response_code: 'SUCCESS',
    response_msg: 'Messages queued for delivery.',
    data: {
      total_count: 1,
      queued_count: status === 'SUCCESS' ? 1 : 0,
      messages: [{ to: SMS.to, message_id: 'BF7AD270-0DE2-418B-B606-71D527D9C1AE', status }],
    },
  },
});

describeVendorConformance({
  name: 'clicksend',
  credentials,
  send: (ctx) => clicksend(ctx, SMS),
  check: (call) => {
    const auth = basicOf(call);
    const message = record(first(jsonOf(call).messages));
    return firstProblem(
      [call.method === 'POST' && call.path === '/v3/sms/send', `${call.method} ${call.path}`],
      [auth?.user === 'ops@forecourt.test' && auth.secret === 'cs-key', 'HTTP Basic user name and API key'],
      [message.to === SMS.to && message.body === SMS.content, 'to and body'],
      [typeof message.custom_string === 'string', 'custom_string reference'],
    );
  },
  success: answer('SUCCESS'),
  clientError: {
    status: 401,
    body: { http_code: 401, response_code: 'UNAUTHORIZED', response_msg: 'Invalid credentials.' },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('BF7AD270-0DE2-418B-B606-71D527D9C1AE'),
});

describe('clicksend message status', () => {
  it('reports a message status other than SUCCESS inside a 200 answer as refused', async () => {
    const fake = await startFakeVendor(() => answer('INVALID_RECIPIENT'));
    try {
      const error = await clicksend(fakeContext(fake, credentials), SMS).catch((e) => e);
      expect(error.kind).toBe('permanent');
      expect(error.message).toBe('ClickSend: INVALID_RECIPIENT');
    } finally {
      await fake.stop();
    }
  });
});
