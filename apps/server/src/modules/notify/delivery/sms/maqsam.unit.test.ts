import { expect } from 'vitest';
import { describeVendorConformance } from '../vendor-conformance';
import { basicOf, firstProblem, formOf, SMS } from './fixtures';
import { maqsam } from './maqsam';

describeVendorConformance({
  name: 'maqsam',
  credentials: { apiKey: 'maqsam-id', secretKey: 'maqsam-secret', from: 'Forecourt' },
  send: (ctx) => maqsam(ctx, SMS),
  check: (call) => {
    const form = formOf(call);
    const auth = basicOf(call);
    return firstProblem(
      [call.method === 'POST' && call.path === '/v2/sms', `${call.method} ${call.path}`],
      [auth?.user === 'maqsam-id' && auth.secret === 'maqsam-secret', 'HTTP Basic access key and secret'],
      [form.get('sender') === 'Forecourt' && form.get('to') === SMS.to, 'sender and to'],
      [form.get('message') === SMS.content, 'message'],
    );
  },
  success: {
    status: 200,
    body: { result: 'success', message: { identifier: 'mq-42', timestamp: 1764108000 } },
  },
  clientError: { status: 400, body: { result: 'failure', message: 'Invalid sender' } },
  replies: { clientError: { status: 200, body: { result: 'failure', message: 'Invalid sender' } } },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('mq-42'),
});
