import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { clickatell } from './clickatell';
import { first, record } from './common';
import { firstProblem, jsonOf, SMS } from './fixtures';

describeVendorConformance({
  name: 'clickatell',
  credentials: { apiKey: 'ct-key==' },
  send: (ctx) => clickatell(ctx, SMS),
  check: (call) => {
    const message = record(first(jsonOf(call).messages));
    return firstProblem(
      [call.method === 'POST' && call.path === '/v1/message', `${call.method} ${call.path}`],
      [call.headers.authorization === 'ct-key==', 'API key as the Authorization header'],
      [message.channel === 'sms' && message.to === '919812345678', 'channel sms, to as digits'],
      [
        message.content === SMS.content && typeof message.clientMessageId === 'string',
        'content, clientMessageId',
      ],
    );
  },
  success: {
    status: 202,
    body: {
      messages: [{ apiMessageId: 'ff6a2b1f', accepted: true, to: '919812345678', channel: 'sms' }],
      error: null,
    },
  },
  clientError: {
    status: 401,
    body: { messages: [], error: { code: 1, description: 'Invalid or missing API key' } },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('ff6a2b1f'),
});

describe('clickatell specifics', () => {
  it('reports a message the API did not accept as refused, with its error', async () => {
    const fake = await startFakeVendor(() => ({
      status: 202,
      body: {
        messages: [
          { accepted: false, to: '919812345678', error: { code: 23, description: 'Invalid destination' } },
        ],
        error: null,
      },
    }));
    try {
      const error = await clickatell(fakeContext(fake, { apiKey: 'k' }), SMS).catch((e) => e);
      expect(error.kind).toBe('permanent');
      expect(error.message).toBe('Clickatell: Invalid destination');
    } finally {
      await fake.stop();
    }
  });
});
