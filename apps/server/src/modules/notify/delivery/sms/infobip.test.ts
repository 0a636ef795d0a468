import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { first, record } from './common';
import { firstProblem, jsonOf, SMS } from './fixtures';
import { infobipSms } from './infobip';

const credentials = { baseUrl: 'xyz123.api.infobip.com', apiKey: 'ib-key', from: 'Forecourt' };

const result = (groupName: string, name: string) => ({
  bulkId: 'b-1',
  messages: [
    {
      to: '919812345678',
      messageId: 'ib-msg-1',
      status: {
        groupId: groupName === 'PENDING' ? 1 : 5,
        groupName,
        id: 26,
        name,
        description: `${name} description`,
      },
    },
  ],
});

describeVendorConformance({
  name: 'infobip-sms',
  credentials,
  send: (ctx) => infobipSms(ctx, SMS),
  check: (call) => {
    const message = record(first(jsonOf(call).messages));
    const destination = record(first(message.destinations));
    return firstProblem(
      [call.method === 'POST' && call.path === '/sms/2/text/advanced', `${call.method} ${call.path}`],
      [call.headers.authorization === 'App ib-key', 'App API key authorization'],
      [message.from === 'Forecourt' && message.text === SMS.content, 'from and text'],
      [destination.to === '919812345678', 'destination as digits'],
      [typeof destination.messageId === 'string' && destination.messageId.length <= 50, 'client messageId'],
    );
  },
  success: { status: 200, body: result('PENDING', 'PENDING_ACCEPTED') },
  clientError: {
    status: 401,
    body: {
      requestError: { serviceException: { messageId: 'UNAUTHORIZED', text: 'Invalid login details' } },
    },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('ib-msg-1'),
});

describe('infobip-sms specifics', () => {
  it('reports a REJECTED status inside a 200 answer as a permanent refusal', async () => {
    const fake = await startFakeVendor(() => ({
      status: 200,
      body: result('REJECTED', 'REJECTED_DESTINATION'),
    }));
    try {
      const error = await infobipSms(fakeContext(fake, credentials), SMS).catch((e) => e);
      expect(error.kind).toBe('permanent');
      expect(error.message).toBe('Infobip: REJECTED_DESTINATION: REJECTED_DESTINATION description');
    } finally {
      await fake.stop();
    }
  });

  it('refuses without a base URL (it is account-specific), calling nothing', async () => {
    const fake = await startFakeVendor(() => ({ status: 200, body: result('PENDING', 'PENDING_ACCEPTED') }));
    try {
      const error = await infobipSms(fakeContext(fake, { apiKey: 'k', from: 'F' }), SMS).catch((e) => e);
      expect(error.message).toContain('no base URL');
      expect(fake.calls).toHaveLength(0);
    } finally {
      await fake.stop();
    }
  });
});
