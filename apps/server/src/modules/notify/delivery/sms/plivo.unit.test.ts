import { expect } from 'vitest';
import { describeVendorConformance } from '../vendor-conformance';
import { basicOf, firstProblem, jsonOf, SMS } from './fixtures';
import { plivo } from './plivo';

describeVendorConformance({
  name: 'plivo',
  credentials: { accountSid: 'MAXXXXXXXXXXXXXXXXXX', token: 'plivo-token', from: '+14155550100' },
  send: (ctx) => plivo(ctx, SMS),
  check: (call) => {
    const auth = basicOf(call);
    const body = jsonOf(call);
    return firstProblem(
      [call.method === 'POST', `method ${call.method}`],
      [call.path === '/v1/Account/MAXXXXXXXXXXXXXXXXXX/Message/', `path ${call.path}`],
      [
        auth?.user === 'MAXXXXXXXXXXXXXXXXXX' && auth.secret === 'plivo-token',
        'HTTP Basic auth id and token',
      ],
      [body.src === '+14155550100' && body.dst === SMS.to && body.text === SMS.content, 'src, dst, text'],
    );
  },
  success: {
    status: 202,
    body: {
      api_id: 'a1',
      message: 'message(s) queued',
      message_uuid: ['db3ce55a-7f1d-11e1-8ea7-1231380bc196'],
    },
  },
  clientError: { status: 400, body: { api_id: 'a2', error: 'dst number is not valid' } },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('db3ce55a-7f1d-11e1-8ea7-1231380bc196'),
});
