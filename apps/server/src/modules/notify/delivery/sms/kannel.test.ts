import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor } from '../testing';
import { describeVendorConformance } from '../vendor-conformance';
import { firstProblem, SMS } from './fixtures';
import { kannel } from './kannel';

const credentials = {
  host: 'kannel.internal',
  port: 13013,
  from: 'FORECOURT',
  user: 'tester',
  password: 'kpass',
};

describeVendorConformance({
  name: 'kannel',
  credentials,
  send: (ctx) => kannel(ctx, SMS),
  check: (call) =>
    firstProblem(
      [call.method === 'GET' && call.path === '/cgi-bin/sendsms', `${call.method} ${call.path}`],
      [call.raw === '', 'no body on GET'],
      [
        call.query.get('username') === 'tester' && call.query.get('password') === 'kpass',
        'username, password',
      ],
      [call.query.get('from') === 'FORECOURT' && call.query.get('to') === SMS.to, 'from and to'],
      [call.query.get('text') === SMS.content && call.query.get('charset') === 'UTF-8', 'text as UTF-8'],
    ),
  success: { status: 202, body: '0: Accepted for delivery' },
  clientError: { status: 403, body: 'Authorization failed for sendsms' },
  replies: { serverError: { status: 503, body: 'Sending failed.' } },
});

describe('kannel specifics', () => {
  it('asks for UCS-2 (coding=2) for non-GSM text, omits absent credentials, and keeps the password out of errors', async () => {
    const fake = await startFakeVendor(() => ({ status: 400, body: 'Missing receiver number' }));
    try {
      const error = await kannel(
        fakeContext(fake, { host: 'kannel.internal', port: '13013', from: 'FC', password: 'kpass' }),
        {
          ...SMS,
          content: 'पंप 4 बंद है',
        },
      ).catch((e) => e);
      const query = fake.calls[0]!.query;
      expect(query.get('coding')).toBe('2');
      expect(query.has('username')).toBe(false);
      expect(query.get('password')).toBe('kpass');
      expect(error.kind).toBe('permanent');
      expect(error.message).toBe('Kannel: HTTP 400: Missing receiver number');
      expect(`${error.message}${error.raw}`).not.toContain('kpass');
    } finally {
      await fake.stop();
    }
  });

  it('refuses a port that is not a port number without calling anything', async () => {
    const fake = await startFakeVendor(() => ({ status: 202, body: '0: Accepted for delivery' }));
    try {
      const error = await kannel(fakeContext(fake, { ...credentials, port: 'x' }), SMS).catch((e) => e);
      expect(error.message).toContain('port');
      expect(fake.calls).toHaveLength(0);
    } finally {
      await fake.stop();
    }
  });
});
