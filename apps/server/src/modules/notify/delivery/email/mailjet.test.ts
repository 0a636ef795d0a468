import { expect } from 'vitest';
import { describeVendorConformance } from '../vendor-conformance';
import { mailjet } from './mailjet';
import { basicAuth, firstProblem, MESSAGE, SENDER, sendWith } from './testing';

describeVendorConformance({
  name: 'mailjet',
  credentials: { ...SENDER, apiKey: 'mj-public', secretKey: 'mj-secret' },
  send: sendWith(mailjet),
  check: (call) => {
    const message = (call.body as { Messages?: Record<string, unknown>[] }).Messages?.[0] ?? {};
    const from = message.From as { Email?: string; Name?: string } | undefined;
    const to = message.To as { Email?: string }[] | undefined;
    return firstProblem([
      [call.method === 'POST' && call.path === '/v3.1/send', `unexpected ${call.method} ${call.path}`],
      [basicAuth(call.headers.authorization)?.join(':') === 'mj-public:mj-secret', 'bad auth'],
      [from?.Email === SENDER.from && from.Name === SENDER.senderName, 'bad From'],
      [to?.[0]?.Email === MESSAGE.to, 'bad To'],
      [message.Subject === MESSAGE.subject && message.HTMLPart === MESSAGE.html, 'bad content'],
      [message.CustomID === MESSAGE.transactionId, 'no CustomID'],
    ]);
  },
  // Sent as text: MessageID is a 64-bit integer that a JS number cannot hold exactly.
  success: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: `{"Messages":[{"Status":"success","CustomID":"${MESSAGE.transactionId}","To":[{"Email":"${MESSAGE.to}","MessageUUID":"u-1","MessageID":576460754655154659,"MessageHref":"x"}],"Cc":[],"Bcc":[]}]}`,
  },
  clientError: {
    status: 400,
    body: {
      Messages: [
        {
          Status: 'error',
          Errors: [
            {
              ErrorIdentifier: 'f987008f-251a-4dff-8ffc-40f1583ad7bc',
              ErrorCode: 'mj-0013',
              StatusCode: 400,
              ErrorMessage: '"manager@" is an invalid email address.',
              ErrorRelatedTo: ['To[0].Email'],
            },
          ],
        },
      ],
    },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('576460754655154659'),
});
