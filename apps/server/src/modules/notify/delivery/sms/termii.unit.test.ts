import { expect } from 'vitest';
import { describeVendorConformance } from '../vendor-conformance';
import { firstProblem, jsonOf, SMS } from './fixtures';
import { termii } from './termii';

describeVendorConformance({
  name: 'termii',
  credentials: { apiKey: 'TLtermii', from: 'Forecourt' },
  send: (ctx) => termii(ctx, SMS),
  check: (call) => {
    const body = jsonOf(call);
    return firstProblem(
      [call.method === 'POST' && call.path === '/api/sms/send', `${call.method} ${call.path}`],
      [body.api_key === 'TLtermii', 'api_key in the body'],
      [body.to === '919812345678' && body.from === 'Forecourt' && body.sms === SMS.content, 'to, from, sms'],
      [body.type === 'plain' && body.channel === 'generic', 'type and channel'],
    );
  },
  success: {
    status: 200,
    body: { message_id: '9122821270554876574', message: 'Successfully Sent', balance: 9, user: 'Forecourt' },
  },
  clientError: { status: 400, body: { message: 'ApplicationSenderId not found' } },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('9122821270554876574'),
});
