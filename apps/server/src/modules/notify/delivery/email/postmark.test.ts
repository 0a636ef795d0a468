import { expect } from 'vitest';
import { describeVendorConformance } from '../vendor-conformance';
import { postmark } from './postmark';
import { firstProblem, MESSAGE, SENDER, sendWith } from './testing';

describeVendorConformance({
  name: 'postmark',
  credentials: { ...SENDER, apiKey: 'server-token-1' },
  send: sendWith(postmark),
  check: (call) => {
    const body = call.body as Record<string, unknown>;
    return firstProblem([
      [call.method === 'POST' && call.path === '/email', `unexpected ${call.method} ${call.path}`],
      [call.headers['x-postmark-server-token'] === 'server-token-1', 'bad server token'],
      [
        String(call.headers.accept).includes('application/json'),
        'Postmark requires Accept: application/json',
      ],
      [body.From === '"Forecourt Alerts" <alerts@forecourt.example>', `bad From ${String(body.From)}`],
      [body.To === MESSAGE.to && body.Subject === MESSAGE.subject, 'bad To/Subject'],
      [body.HtmlBody === MESSAGE.html && body.TextBody === MESSAGE.text, 'bad bodies'],
    ]);
  },
  success: {
    status: 200,
    body: {
      To: MESSAGE.to,
      SubmittedAt: '2026-11-25T10:00:00Z',
      MessageID: 'b7bc2f4a-e38e-4336-af7d-e6c392c2f817',
      ErrorCode: 0,
      Message: 'OK',
    },
  },
  clientError: {
    status: 422,
    body: { ErrorCode: 406, Message: 'You tried to send to recipient(s) that have been marked as inactive.' },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('b7bc2f4a-e38e-4336-af7d-e6c392c2f817'),
});
