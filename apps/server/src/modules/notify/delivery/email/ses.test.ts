import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, startFakeVendor, type VendorCall } from '../testing';
import { DeliveryError } from '../vendor';
import { describeVendorConformance } from '../vendor-conformance';
import { ses } from './ses';
import { firstProblem, MESSAGE, recordingContext, SENDER, sendWith } from './testing';

const SECRET = 'ses/secret+key';
const credentials = { ...SENDER, apiKey: 'AKIAFORECOURT', secretKey: SECRET, region: 'ap-south-1' };

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const hex = (data: string) => createHash('sha256').update(data).digest('hex');

/**
 * What AWS does with a SigV4 request, written here independently of the signer: rebuild the
 * canonical request from what arrived on the wire (method, path, query, the signed headers as
 * received, the body hash), derive the key from the secret it holds and compare signatures.
 */
function signatureProblem(call: VendorCall, secret: string, service: string): string | undefined {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      String(call.headers.authorization ?? ''),
    );
  if (!auth) return 'no SigV4 Authorization header';
  const [, , day, region, scopeService, signed, signature] = auth as unknown as string[];
  if (scopeService !== service) return `signed for ${scopeService}`;
  const names = (signed ?? '').split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'host and x-amz-date must be signed';
  const date = String(call.headers['x-amz-date']);
  if (!date.startsWith(day ?? '-')) return 'x-amz-date does not match the credential scope';
  if (
    Math.abs(
      Date.parse(date.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z')) -
        Date.now(),
    ) > 300_000
  )
    return 'request time too skewed';
  const query = [...call.query.entries()]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonical = [
    call.method,
    call.path,
    query,
    names.map((name) => `${name}:${String(call.headers[name] ?? '').trim()}\n`).join(''),
    signed,
    hex(call.raw),
  ].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', date, `${day}/${region}/${service}/aws4_request`, hex(canonical)].join(
    '\n',
  );
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day ?? ''), region ?? ''), service), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === signature
    ? undefined
    : 'SignatureDoesNotMatch';
}

describeVendorConformance({
  name: 'ses',
  credentials,
  send: sendWith(ses),
  check: (call) => {
    const body = call.body as {
      FromEmailAddress?: string;
      Destination?: { ToAddresses?: string[] };
      Content?: {
        Simple?: {
          Subject?: { Data?: string };
          Body?: { Html?: { Data?: string }; Text?: { Data?: string } };
        };
      };
    };
    return firstProblem([
      [
        call.method === 'POST' && call.path === '/v2/email/outbound-emails',
        `unexpected ${call.method} ${call.path}`,
      ],
      [
        String(call.headers.authorization).includes('/ap-south-1/ses/aws4_request'),
        'wrong region or service scope',
      ],
      [String(call.headers.authorization).includes('Credential=AKIAFORECOURT/'), 'wrong access key id'],
      [signatureProblem(call, SECRET, 'ses') === undefined, String(signatureProblem(call, SECRET, 'ses'))],
      [body.FromEmailAddress === '"Forecourt Alerts" <alerts@forecourt.example>', 'bad FromEmailAddress'],
      [body.Destination?.ToAddresses?.[0] === MESSAGE.to, 'bad destination'],
      [body.Content?.Simple?.Subject?.Data === MESSAGE.subject, 'bad subject'],
      [body.Content?.Simple?.Body?.Html?.Data === MESSAGE.html, 'bad html'],
    ]);
  },
  success: { status: 200, body: { MessageId: '0109019a-ses-message' } },
  clientError: {
    status: 400,
    headers: { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/' },
    body: {
      message:
        'Email address is not verified. The following identities failed the check: alerts@forecourt.example',
    },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('0109019a-ses-message'),
});

describe('ses specifics', () => {
  let fake: FakeVendor;
  beforeAll(async () => {
    fake = await startFakeVendor((call) => {
      const problem = signatureProblem(call, SECRET, 'ses');
      return problem
        ? {
            status: 403,
            headers: { 'x-amzn-errortype': 'SignatureDoesNotMatch' },
            body: { message: problem },
          }
        : { status: 200, body: { MessageId: 'm-1' } };
    });
  });
  afterAll(() => fake.stop());

  it('uses the regional endpoint', async () => {
    const ctx = recordingContext(fake.origin, credentials);
    await ses(ctx, MESSAGE);
    expect(ctx.asked).toEqual(['https://email.ap-south-1.amazonaws.com']);
  });

  it('a wrong secret fails the signature check: permanent, the secret not in the error', async () => {
    const error = await ses(
      recordingContext(fake.origin, { ...credentials, secretKey: 'wrong-secret' }),
      MESSAGE,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).kind).toBe('permanent');
    expect(String(error)).toContain('SignatureDoesNotMatch');
    expect(String(error)).not.toContain('wrong-secret');
  });

  it('refuses a region that is not one (no request is made)', async () => {
    const calls = fake.calls.length;
    const error = await ses(
      recordingContext(fake.origin, { ...credentials, region: 'evil.example/x' }),
      MESSAGE,
    ).catch((e: unknown) => e);
    expect((error as DeliveryError).kind).toBe('permanent');
    expect(fake.calls.length).toBe(calls);
  });
});
