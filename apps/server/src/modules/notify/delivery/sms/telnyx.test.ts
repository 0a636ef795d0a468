import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor, type VendorCall, type VendorReply } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { firstProblem, jsonOf, SMS } from './fixtures';
import { telnyx } from './telnyx';

const credentials = { apiKey: 'KEY0123', from: '+13125550100', messageProfileId: 'prof-1' };

const check = (call: VendorCall) => {
  const body = jsonOf(call);
  return firstProblem(
    [call.method === 'POST' && call.path === '/v2/messages', `${call.method} ${call.path}`],
    [call.headers.authorization === 'Bearer KEY0123', 'bearer API key'],
    [/^[A-Za-z0-9_:-]{1,255}$/.test(String(call.headers['idempotency-key'] ?? '')), 'Idempotency-Key format'],
    [body.from === '+13125550100' && body.to === SMS.to && body.text === SMS.content, 'from, to, text'],
    [body.messaging_profile_id === 'prof-1', 'messaging_profile_id'],
  );
};

describeVendorConformance({
  name: 'telnyx',
  credentials,
  send: (ctx) => telnyx(ctx, SMS),
  check,
  success: {
    status: 200,
    body: { data: { id: '40385f64-5717-4562-b3fc-2c963f66afa6', record_type: 'message' } },
  },
  clientError: {
    status: 422,
    body: { errors: [{ code: '40310', title: 'Invalid to address', detail: 'The to number is invalid.' }] },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('40385f64-5717-4562-b3fc-2c963f66afa6'),
});

describe('telnyx idempotency', () => {
  it('sends the same Idempotency-Key on a retry, so the vendor answers the first success instead of sending again', async () => {
    // Like Telnyx: a key seen before replays its stored success; only new keys send.
    const replays = new Map<string, VendorReply>();
    let sent = 0;
    const fake = await startFakeVendor((call) => {
      const problem = check(call);
      if (problem) return { status: 400, body: { fake: problem } };
      const key = String(call.headers['idempotency-key']);
      const seen = replays.get(key);
      if (seen) return seen;
      sent += 1;
      const reply = { status: 200, body: { data: { id: `m-${sent}` } } };
      replays.set(key, reply);
      return reply;
    });
    try {
      const ctx = fakeContext(fake, credentials, { idempotencyKey: 'job-7:integration-2' });
      const first = await telnyx(ctx, SMS);
      const retry = await telnyx(ctx, SMS);
      expect(sent).toBe(1);
      expect(retry.messageId).toBe(first.messageId);
      expect(fake.calls.map((call) => call.headers['idempotency-key'])).toEqual([
        'job-7:integration-2',
        'job-7:integration-2',
      ]);
    } finally {
      await fake.stop();
    }
  });
});
