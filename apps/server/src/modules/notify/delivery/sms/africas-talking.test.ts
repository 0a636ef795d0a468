import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { africasTalking } from './africas-talking';
import { firstProblem, formOf, SMS } from './fixtures';

const credentials = { user: 'forecourt', apiKey: 'at-key', from: 'FORECOURT' };

const answer = (statusCode: number, status: string, message = 'Sent to 1/1 Total Cost: KES 0.8000') => ({
  status: 201,
  body: {
    SMSMessageData: {
      Message: message,
      Recipients: [{ statusCode, number: SMS.to, status, cost: 'KES 0.8000', messageId: 'ATXid_4b9f2c' }],
    },
  },
});

describeVendorConformance({
  name: 'africas-talking',
  credentials,
  send: (ctx) => africasTalking(ctx, SMS),
  check: (call) => {
    const form = formOf(call);
    return firstProblem(
      [call.method === 'POST' && call.path === '/version1/messaging', `${call.method} ${call.path}`],
      [call.headers.apikey === 'at-key', 'apiKey header'],
      [call.headers.accept === 'application/json', 'Accept: application/json'],
      [form.get('username') === 'forecourt' && form.get('from') === 'FORECOURT', 'username and from'],
      [form.get('to') === SMS.to && form.get('message') === SMS.content, 'to and message'],
    );
  },
  success: answer(101, 'Success'),
  clientError: { status: 401, body: 'The supplied authentication is invalid' },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('ATXid_4b9f2c'),
});

describe('africas-talking recipient statuses', () => {
  const sendWith = async (reply: ReturnType<typeof answer>) => {
    const fake = await startFakeVendor(() => reply);
    try {
      return await africasTalking(fakeContext(fake, credentials), SMS).then(
        () => undefined,
        (e) => e,
      );
    } finally {
      await fake.stop();
    }
  };

  it('403 InvalidPhoneNumber is permanent, 500 InternalServerError transient, an empty list says why', async () => {
    expect((await sendWith(answer(403, 'InvalidPhoneNumber'))).kind).toBe('permanent');
    expect((await sendWith(answer(500, 'InternalServerError'))).kind).toBe('transient');
    const empty = await sendWith({
      status: 201,
      body: { SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } },
    });
    expect(empty.message).toBe("Africa's Talking: InvalidSenderId");
  });
});
