import { expect } from 'vitest';
import { describeVendorConformance } from '../vendor-conformance';
import { basicOf, firstProblem, formOf, SMS } from './fixtures';
import { fortySixElks } from './forty-six-elks';

describeVendorConformance({
  name: 'forty-six-elks',
  credentials: { user: 'u0123456789abcdef', password: 'elks-secret', from: 'Forecourt' },
  send: (ctx) => fortySixElks(ctx, SMS),
  check: (call) => {
    const form = formOf(call);
    const auth = basicOf(call);
    return firstProblem(
      [call.method === 'POST' && call.path === '/a1/sms', `${call.method} ${call.path}`],
      [
        auth?.user === 'u0123456789abcdef' && auth.secret === 'elks-secret',
        'HTTP Basic API user and password',
      ],
      [form.get('from') === 'Forecourt' && form.get('to') === SMS.to, 'from and to'],
      [form.get('message') === SMS.content, 'message'],
    );
  },
  success: {
    status: 200,
    body: {
      status: 'created',
      direction: 'outgoing',
      from: 'Forecourt',
      to: SMS.to,
      message: SMS.content,
      parts: 1,
      id: 's70df59406a1b4643b96f3f91e0bfb7b0',
    },
  },
  clientError: { status: 403, body: 'Invalid to number' },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('s70df59406a1b4643b96f3f91e0bfb7b0'),
});
