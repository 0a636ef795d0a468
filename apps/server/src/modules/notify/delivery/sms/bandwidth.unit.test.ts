import { expect } from 'vitest';
import { describeVendorConformance } from '../vendor-conformance';
import { bandwidth } from './bandwidth';
import { basicOf, firstProblem, jsonOf, SMS } from './fixtures';

describeVendorConformance({
  name: 'bandwidth',
  credentials: {
    user: 'api-user',
    password: 'bw-password',
    accountSid: '9900000',
    applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
    from: '+19195551234',
  },
  send: (ctx) => bandwidth(ctx, SMS),
  check: (call) => {
    const auth = basicOf(call);
    const body = jsonOf(call);
    return firstProblem(
      [
        call.method === 'POST' && call.path === '/api/v2/users/9900000/messages',
        `${call.method} ${call.path}`,
      ],
      [auth?.user === 'api-user' && auth.secret === 'bw-password', 'HTTP Basic user name and password'],
      [body.applicationId === '93de2206-9669-4e07-948d-329f4b722ee2', 'applicationId'],
      [
        JSON.stringify(body.to) === JSON.stringify([SMS.to]) && body.from === '+19195551234',
        'to list and from',
      ],
      [body.text === SMS.content && typeof body.tag === 'string', 'text and tag'],
    );
  },
  success: {
    status: 202,
    body: {
      id: '1589228074636lm4k2je7j7jklbn2',
      owner: '+19195551234',
      applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
      time: '2026-11-25T22:00:00.000Z',
      segmentCount: 1,
      direction: 'out',
      to: [SMS.to],
      from: '+19195551234',
      text: SMS.content,
    },
  },
  clientError: {
    status: 400,
    body: { type: 'request-validation', description: "Your request could not be accepted: 'to' is invalid" },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('1589228074636lm4k2je7j7jklbn2'),
});
