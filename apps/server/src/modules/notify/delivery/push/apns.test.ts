import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Http2Server, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeContext } from '../testing';
import { DeliveryError } from '../vendor';
import { sendApns } from './apns';

/**
 * APNS against a local HTTP/2 server (h2c: the adapter speaks the origin's scheme, the vendor's is
 * https) that checks what Apple checks: the path, the bearer JWT (ES256, kid, iss), the topic and
 * push type, and the JSON payload; and answers as Apple documents.
 */

const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const p8 = ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = ec.publicKey.export({ type: 'spki', format: 'pem' }).toString();

type Reply = { status: number; headers?: Record<string, string>; body?: unknown; hang?: boolean };
type Call = { path: string; headers: IncomingHttpHeaders; body: unknown };

describe('apns against a local HTTP/2 fake', () => {
  let server: Http2Server;
  let origin: string;
  let reply: (call: Call) => Reply = () => ({ status: 200, headers: { 'apns-id': 'id-1' } });
  const calls: Call[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    server = createServer();
    server.on('stream', (stream, headers) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const call: Call = {
          path: String(headers[':path']),
          headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
        };
        calls.push(call);
        const auth = String(headers.authorization ?? '');
        try {
          if (headers[':method'] !== 'POST' || !/^\/3\/device\/[^/]+$/.test(call.path))
            throw new Error('path');
          if (!auth.startsWith('bearer ')) throw new Error('auth scheme');
          const jwt = auth.slice(7);
          expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', kid: 'KEY123' });
          await jwtVerify(jwt, await importSPKI(publicPem, 'ES256'), { issuer: 'TEAM42' });
          if (headers['apns-topic'] !== 'in.forecourt.app' || headers['apns-push-type'] !== 'alert')
            throw new Error('topic');
          const aps = (call.body as { aps?: { alert?: { title?: string; body?: string } } }).aps;
          if (aps?.alert?.title !== 'Tank low' || aps.alert.body !== 'Diesel at 12%')
            throw new Error('payload');
        } catch (error) {
          problems.push(String(error));
          stream.respond({ ':status': 403 });
          stream.end(JSON.stringify({ reason: 'InvalidProviderToken' }));
          return;
        }
        const answer = reply(call);
        if (answer.hang) return;
        stream.respond({ ':status': answer.status, ...answer.headers });
        stream.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const credentials = {
    secretKey: p8,
    apiKey: 'KEY123',
    projectName: 'TEAM42',
    applicationId: 'in.forecourt.app',
    secure: true,
  };
  const message = (target: string[]) => ({
    target,
    title: 'Tank low',
    content: 'Diesel at 12%',
    payload: { stationId: 7 },
    subscriber: null,
    transactionId: 't',
    workflow: null,
  });
  const run = async (next: typeof reply, target = ['device-1'], timeoutMs = 5_000) => {
    reply = next;
    calls.length = 0;
    problems.length = 0;
    try {
      return {
        outcome: await sendApns(fakeContext({ origin }, credentials, { timeoutMs }), message(target)),
      };
    } catch (error) {
      return { error: error as DeliveryError };
    }
  };

  it('sends POST /3/device/<token> with the ES256 provider token and reads the apns-id', async () => {
    const { outcome, error } = await run(() => ({ status: 200, headers: { 'apns-id': 'A1B2' } }));
    expect(problems).toEqual([]);
    expect(error).toBeUndefined();
    expect(outcome?.messageId).toBe('A1B2');
    expect(calls[0]?.path).toBe('/3/device/device-1');
    expect(calls[0]?.body).toMatchObject({ stationId: 7 });
  });

  it('reports 410 Unregistered as a permanent failure naming the token', async () => {
    const { error } = await run(() => ({ status: 410, body: { reason: 'Unregistered', timestamp: 1 } }));
    expect(problems).toEqual([]);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error?.kind).toBe('permanent');
    expect(error?.invalidTokens).toEqual(['device-1']);
    expect(error?.message).toBe('APNS: HTTP 410: Unregistered');
  });

  it('reports a 400 as permanent without dropping the token', async () => {
    const { error } = await run(() => ({ status: 400, body: { reason: 'PayloadTooLarge' } }));
    expect(error?.kind).toBe('permanent');
    expect(error?.invalidTokens).toEqual([]);
  });

  it('reports 429 with Retry-After and a 503 as transient', async () => {
    const limited = await run(() => ({
      status: 429,
      headers: { 'retry-after': '9' },
      body: { reason: 'TooManyRequests' },
    }));
    expect(limited.error?.kind).toBe('transient');
    expect(limited.error?.retryAfterMs).toBe(9_000);
    const down = await run(() => ({ status: 503, body: { reason: 'ServiceUnavailable' } }));
    expect(down.error?.kind).toBe('transient');
  });

  it('reports no answer as transient', async () => {
    const { error } = await run(() => ({ status: 200, hang: true }), ['device-1'], 300);
    expect(error?.kind).toBe('transient');
    expect(error?.message).toMatch(/no answer/);
  });

  it('keeps the tokens that went through when another is unregistered', async () => {
    const { outcome } = await run(
      (call) =>
        call.path.endsWith('/gone') ? { status: 410, body: { reason: 'Unregistered' } } : { status: 200 },
      ['ok', 'gone'],
    );
    expect(outcome?.invalidTokens).toEqual(['gone']);
  });

  it('refuses a loopback APNS origin unless the operator allows it', async () => {
    const ctx = { ...fakeContext({ origin }, credentials), network: {} };
    const { connectHttp2 } = await import('../network');
    ctx.http2 = (o) => connectHttp2(o, {});
    const error = await sendApns(ctx, message(['x'])).catch((e) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error.message).toMatch(/refused: 127\.0\.0\.1/);
  });
});
