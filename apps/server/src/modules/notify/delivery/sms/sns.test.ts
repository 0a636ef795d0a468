import { describe, expect, it } from 'vitest';
import { sigV4Problem, sigV4ProblemOf } from '../aws-sigv4-check';
import { fakeContext, startFakeVendor, type VendorCall } from '../testing';
import { DeliveryError } from '../vendor';
import { describeVendorConformance } from '../vendor-conformance';
import { firstProblem, formOf, SMS } from './fixtures';
import { sns } from './sns';

const credentials = { apiKey: 'AKIDEXAMPLE', secretKey: 'sns/secret+KEY', region: 'ap-south-1' };
const signer = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'sns/secret+KEY',
  region: 'ap-south-1',
  service: 'sns',
};

const xml = (status: number, body: string) => ({ status, headers: { 'content-type': 'text/xml' }, body });
const snsError = (status: number, code: string, message: string) =>
  xml(
    status,
    `<ErrorResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>r-1</RequestId></ErrorResponse>`,
  );

const check = (call: VendorCall) => {
  const form = formOf(call);
  return firstProblem(
    [call.method === 'POST' && call.path === '/', `${call.method} ${call.path}`],
    [sigV4ProblemOf(call, signer) === undefined, `signature: ${sigV4ProblemOf(call, signer)}`],
    [form.get('Action') === 'Publish' && form.get('Version') === '2010-03-31', 'Action and Version'],
    [form.get('PhoneNumber') === SMS.to && form.get('Message') === SMS.content, 'PhoneNumber and Message'],
    [form.get('MessageAttributes.entry.1.Value.StringValue') === 'Transactional', 'SMS type'],
  );
};

describeVendorConformance({
  name: 'sns',
  credentials,
  send: (ctx) => sns(ctx, SMS),
  check,
  success: xml(
    200,
    '<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>567910cd-659e-55d4-8ccb-5aaf14679dc0</MessageId></PublishResult><ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata></PublishResponse>',
  ),
  clientError: snsError(400, 'InvalidParameter', 'Invalid parameter: PhoneNumber'),
  onSuccess: (outcome) => expect(outcome.messageId).toBe('567910cd-659e-55d4-8ccb-5aaf14679dc0'),
});

describe('sns signing', () => {
  it('checks signatures like AWS: the published example signature of the SigV4 documentation verifies', () => {
    const problem = sigV4Problem(
      {
        method: 'GET',
        path: '/',
        query: new URLSearchParams('Action=ListUsers&Version=2010-05-08'),
        headers: {
          authorization:
            'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          host: 'iam.amazonaws.com',
          'x-amz-date': '20150830T123600Z',
        },
        body: '',
      },
      {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 'iam',
      },
    );
    expect(problem).toBeUndefined();
  });

  it('a wrong secret is refused by the fake as AWS does (403 SignatureDoesNotMatch, permanent, secret not in the error)', async () => {
    const fake = await startFakeVendor((call) =>
      sigV4ProblemOf(call, signer)
        ? snsError(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match')
        : xml(
            200,
            '<PublishResponse><PublishResult><MessageId>m</MessageId></PublishResult></PublishResponse>',
          ),
    );
    try {
      const error = await sns(fakeContext(fake, { ...credentials, secretKey: 'wrong-secret' }), SMS).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(DeliveryError);
      expect(error.kind).toBe('permanent');
      expect(error.message).toContain('SignatureDoesNotMatch');
      expect(error.message).not.toContain('wrong-secret');
    } finally {
      await fake.stop();
    }
  });

  it('takes a Throttling error as transient even when answered 400', async () => {
    const fake = await startFakeVendor(() => snsError(400, 'Throttling', 'Rate exceeded'));
    try {
      const error = await sns(fakeContext(fake, credentials), SMS).catch((e) => e);
      expect(error.kind).toBe('transient');
      expect(error.status).toBe(400);
      expect(error.message).toBe('Amazon SNS: HTTP 400: Throttling: Rate exceeded');
    } finally {
      await fake.stop();
    }
  });

  it('refuses a region that is not an AWS region name without calling anything', async () => {
    const fake = await startFakeVendor(() => xml(200, ''));
    try {
      const error = await sns(fakeContext(fake, { ...credentials, region: 'evil.example/x' }), SMS).catch(
        (e) => e,
      );
      expect(error.kind).toBe('permanent');
      expect(fake.calls).toHaveLength(0);
    } finally {
      await fake.stop();
    }
  });
});
