import { createHash } from 'node:crypto';
import type { ClientHttp2Session } from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import { DeliveryError, type PushSender, retryAfterMs, type SendContext } from '../vendor';
import { uuidOf } from './data';

/**
 * Apple Push Notification service over HTTP/2 with token-based authentication: a JWT signed with
 * the team's .p8 key (ES256, `kid` the key id, `iss` the team id, `iat`; reused for 30 minutes as
 * Apple asks), then `POST /3/device/{token}` per device with `authorization: bearer`, `apns-topic`
 * (the bundle id), `apns-push-type: alert` and an `apns-id` derived from the idempotency key.
 * Production sends to api.push.apple.com, otherwise to the sandbox. Errors come as
 * `{reason}`; 410 `Unregistered` (and `BadDeviceToken`) mean the token is gone. APNS does not
 * deduplicate on apns-id: it has no idempotency key.
 */

const PRODUCTION = 'https://api.push.apple.com';
const SANDBOX = 'https://api.sandbox.push.apple.com';
const JWT_TTL_MS = 30 * 60_000;

const jwts = new Map<string, { jwt: string; madeAt: number }>();

async function providerToken(ctx: SendContext): Promise<string> {
  const keyId = String(ctx.credentials.apiKey ?? '');
  const teamId = String(ctx.credentials.projectName ?? '');
  const pem = String(ctx.credentials.secretKey ?? '');
  const cacheKey = `${teamId}|${keyId}|${createHash('sha256').update(pem).digest('hex')}`;
  const cached = jwts.get(cacheKey);
  if (cached && ctx.now() - cached.madeAt < JWT_TTL_MS) return cached.jwt;
  let key: Awaited<ReturnType<typeof importPKCS8>>;
  try {
    key = await importPKCS8(pem.trim(), 'ES256');
  } catch {
    throw new DeliveryError('APNS: the private key is not a .p8 (PKCS#8 EC P-256) key');
  }
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: keyId })
    .setIssuer(teamId)
    .setIssuedAt(Math.floor(ctx.now() / 1000))
    .sign(key);
  jwts.set(cacheKey, { jwt, madeAt: ctx.now() });
  return jwt;
}

type Http2Answer = { status: number; headers: Headers; text: string };

function post(
  session: ClientHttp2Session,
  path: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Http2Answer> {
  return new Promise((resolve, reject) => {
    const request = session.request({ ':method': 'POST', ':path': path, ...headers });
    const timer = setTimeout(() => {
      request.close();
      reject(
        new DeliveryError(`APNS: no answer within ${Math.round(timeoutMs / 100) / 10} s`, {
          kind: 'transient',
        }),
      );
    }, timeoutMs);
    let status = 0;
    const answerHeaders = new Headers();
    const chunks: Buffer[] = [];
    request.on('response', (h) => {
      status = Number(h[':status']);
      for (const [name, value] of Object.entries(h))
        if (!name.startsWith(':') && value !== undefined) answerHeaders.set(name, String(value));
    });
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      clearTimeout(timer);
      resolve({
        status,
        headers: answerHeaders,
        text: Buffer.concat(chunks).toString('utf8').slice(0, 4096),
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(
        new DeliveryError(`APNS: connection failed (${(error as { code?: string }).code ?? error.message})`, {
          kind: 'transient',
        }),
      );
    });
    request.end(body);
  });
}

export const sendApns: PushSender = async (ctx, message) => {
  if (!ctx.http2) throw new DeliveryError('APNS: HTTP/2 is not available');
  const origin = ctx.origin(ctx.credentials.secure === true ? PRODUCTION : SANDBOX);
  const jwt = await providerToken(ctx);
  const timeoutMs = ctx.timeoutMs ?? 10_000;
  let session: ClientHttp2Session;
  try {
    session = ctx.http2(origin);
  } catch (error) {
    throw new DeliveryError(`APNS: ${(error as Error).message}`);
  }
  const connectFailure = new Promise<never>((_, reject) =>
    session.once('error', (error: Error & { code?: string }) =>
      reject(
        new DeliveryError(
          `APNS: ${error.name === 'AddressRefusedError' ? error.message : `connection failed (${error.code ?? error.message})`}`,
          {
            kind: error.name === 'AddressRefusedError' ? 'permanent' : 'transient',
          },
        ),
      ),
    ),
  );
  connectFailure.catch(() => undefined);
  const body = JSON.stringify({
    aps: { alert: { title: message.title, body: message.content }, sound: 'default' },
    ...message.payload,
  });
  const invalid: string[] = [];
  const sent: string[] = [];
  let failure: DeliveryError | undefined;
  try {
    for (const token of message.target) {
      const answer = await Promise.race([
        post(
          session,
          `/3/device/${encodeURIComponent(token)}`,
          {
            authorization: `bearer ${jwt}`,
            'apns-topic': String(ctx.credentials.applicationId ?? ''),
            'apns-push-type': 'alert',
            'apns-priority': '10',
            'apns-id': uuidOf(`${ctx.idempotencyKey}:${token}`, (text) =>
              createHash('sha256').update(text).digest('hex'),
            ),
            'content-type': 'application/json',
          },
          body,
          timeoutMs,
        ),
        connectFailure,
      ]);
      if (answer.status === 200) {
        sent.push(answer.headers.get('apns-id') ?? '');
        continue;
      }
      let reason = '';
      try {
        reason = String((JSON.parse(answer.text) as { reason?: string }).reason ?? '');
      } catch {
        // no JSON body
      }
      if (answer.status === 410 || reason === 'Unregistered' || reason === 'BadDeviceToken')
        invalid.push(token);
      if (answer.status === 403 && reason === 'ExpiredProviderToken') jwts.clear();
      const transient = answer.status === 429 || answer.status >= 500;
      failure ??= new DeliveryError(`APNS: HTTP ${answer.status}${reason ? `: ${reason}` : ''}`, {
        raw: answer.text.slice(0, 300),
        kind: transient ? 'transient' : 'permanent',
        retryAfterMs: retryAfterMs(answer.headers),
        status: answer.status,
      });
    }
  } finally {
    session.close();
  }
  if (sent.length === 0 && failure)
    throw new DeliveryError(failure.message, {
      raw: failure.raw,
      kind: failure.kind,
      retryAfterMs: failure.retryAfterMs,
      status: failure.status,
      invalidTokens: invalid,
    });
  return {
    raw: `${sent.length} of ${message.target.length} sent${invalid.length ? `, ${invalid.length} unregistered` : ''}`,
    messageId: sent[0],
    invalidTokens: invalid,
  };
};
