import { expect } from 'vitest';
import { describeVendorConformance } from '../vendor-conformance';
import { plunk } from './plunk';
import { firstProblem, MESSAGE, SENDER, sendWith } from './testing';

describeVendorConformance({
  name: 'plunk',
  credentials: { ...SENDER, apiKey: 'sk_plunk_1' },
  send: sendWith(plunk),
  check: (call) => {
    const body = call.body as Record<string, unknown>;
    return firstProblem([
      [call.method === 'POST' && call.path === '/v1/send', `unexpected ${call.method} ${call.path}`],
      [call.headers.authorization === 'Bearer sk_plunk_1', 'bad auth'],
      [body.to === MESSAGE.to && body.subject === MESSAGE.subject, 'bad to/subject'],
      [body.body === MESSAGE.html, 'bad body'],
      [body.from === SENDER.from && body.name === SENDER.senderName, 'bad from/name'],
    ]);
  },
  success: {
    status: 200,
    body: {
      success: true,
      emails: [{ contact: { id: 'c-1', email: MESSAGE.to }, email: 'e-1' }],
      timestamp: '2026-11-25T10:00:00.000Z',
    },
  },
  clientError: {
    status: 401,
    body: {
      code: 401,
      error: 'Unauthorized',
      message: 'Incorrect Bearer token specified',
      time: 1764064800000,
    },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('e-1'),
});
