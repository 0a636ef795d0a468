import { expect } from 'vitest';
import { describeVendorConformance } from '../vendor-conformance';
import { mailtrap } from './mailtrap';
import { firstProblem, MESSAGE, SENDER, sendWith } from './testing';

describeVendorConformance({
  name: 'mailtrap',
  credentials: { ...SENDER, apiKey: 'mt-token-1' },
  send: sendWith(mailtrap),
  check: (call) => {
    const body = call.body as {
      from?: { email?: string; name?: string };
      to?: { email?: string }[];
      subject?: string;
      html?: string;
      text?: string;
    };
    return firstProblem([
      [call.method === 'POST' && call.path === '/api/send', `unexpected ${call.method} ${call.path}`],
      [call.headers.authorization === 'Bearer mt-token-1', 'bad auth'],
      [body.from?.email === SENDER.from && body.from.name === SENDER.senderName, 'bad from'],
      [body.to?.[0]?.email === MESSAGE.to, 'bad to'],
      [
        body.subject === MESSAGE.subject && body.html === MESSAGE.html && body.text === MESSAGE.text,
        'bad content',
      ],
    ]);
  },
  success: { status: 200, body: { success: true, message_ids: ['0c7fd939-02cf-11ed-88c2-0a58a9feac02'] } },
  clientError: { status: 400, body: { success: false, errors: ["'to' address is invalid"] } },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('0c7fd939-02cf-11ed-88c2-0a58a9feac02'),
});
