import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../push';
import { fakeContext, startFakeVendor, type VendorCall } from '../testing';
import { DeliveryError } from '../vendor';
import { describeVendorConformance } from '../vendor-conformance';
import { sendExpo } from './expo';
import { sendFcm } from './fcm';
import { sendOneSignal } from './one-signal';
import { sendPushpad } from './pushpad';

const message = (target: string[]): PushMessage => ({
  target,
  title: 'Tank low',
  content: 'Diesel at 12%',
  payload: { stationId: 7, level: 'low' },
  subscriber: { subscriberId: 's-1' },
  transactionId: 'tx-1',
  workflow: 'tank-low',
});

// ---- FCM: a service account with a real RSA key; the fake checks the JWT it is given.
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const serviceAccount = {
  type: 'service_account',
  project_id: 'forecourt-demo',
  private_key_id: 'kid-1',
  private_key: rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  client_email: 'push@forecourt-demo.iam.gserviceaccount.com',
};
const rsaPublic = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString();
let issued = 0;

describeVendorConformance({
  name: 'fcm',
  credentials: { serviceAccount },
  send: (ctx) => sendFcm(ctx, message(['device-a'])),
  preflight: (call) => {
    if (call.path !== '/token') return undefined;
    const form = call.body as URLSearchParams;
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    issued += 1;
    return {
      status: 200,
      body: { access_token: `ya29.token-${issued}`, expires_in: 3599, token_type: 'Bearer' },
    };
  },
  check: (call) => {
    if (call.method !== 'POST' || call.path !== '/v1/projects/forecourt-demo/messages:send')
      return `unexpected ${call.method} ${call.path}`;
    if (!/^Bearer ya29\.token-\d+$/.test(String(call.headers.authorization))) return 'bad bearer';
    const body = call.body as {
      message?: { token?: string; notification?: unknown; data?: Record<string, unknown> };
    };
    if (body.message?.token !== 'device-a') return 'no token';
    if (
      JSON.stringify(body.message.notification) !==
      JSON.stringify({ title: 'Tank low', body: 'Diesel at 12%' })
    )
      return 'bad notification';
    // FCM refuses data values that are not strings.
    if (Object.values(body.message.data ?? {}).some((v) => typeof v !== 'string'))
      return 'data must be strings';
    return undefined;
  },
  success: { status: 200, body: { name: 'projects/forecourt-demo/messages/0:123' } },
  clientError: {
    status: 400,
    body: { error: { code: 400, message: 'Invalid JSON payload', status: 'INVALID_ARGUMENT' } },
  },
  onSuccess: (outcome) => {
    expect(outcome.messageId).toBe('projects/forecourt-demo/messages/0:123');
  },
});

describe('fcm specifics', () => {
  it('signs the token request as the service account and reports UNREGISTERED tokens', async () => {
    const assertions: string[] = [];
    const fake = await startFakeVendor(async (call: VendorCall) => {
      if (call.path === '/token') {
        assertions.push(String((call.body as URLSearchParams).get('assertion')));
        return { status: 200, body: { access_token: 'ya29.x', expires_in: 3599 } };
      }
      const token = (call.body as { message: { token: string } }).message.token;
      if (token === 'gone')
        return {
          status: 404,
          body: {
            error: {
              code: 404,
              status: 'NOT_FOUND',
              message: 'Requested entity was not found.',
              details: [
                { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
              ],
            },
          },
        };
      return { status: 200, body: { name: 'projects/p/messages/1' } };
    });
    try {
      const account = { ...serviceAccount, client_email: 'other@p.iam.gserviceaccount.com' };
      const outcome = await sendFcm(
        fakeContext(fake, { serviceAccount: JSON.stringify(account) }),
        message(['ok', 'gone']),
      );
      expect(outcome.invalidTokens).toEqual(['gone']);
      const jwt = assertions[0] as string;
      expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', kid: 'kid-1' });
      const { payload } = await jwtVerify(jwt, await importSPKI(rsaPublic, 'RS256'), {
        issuer: 'other@p.iam.gserviceaccount.com',
        audience: 'https://oauth2.googleapis.com/token',
      });
      expect(payload.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');
      // Every token unregistered: a permanent failure that still names the tokens.
      const error = await sendFcm(fakeContext(fake, { serviceAccount: account }), message(['gone'])).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(DeliveryError);
      expect(error.kind).toBe('permanent');
      expect(error.invalidTokens).toEqual(['gone']);
      expect(error.message).toContain('UNREGISTERED');
    } finally {
      await fake.stop();
    }
  });
});

// ---- Expo
describeVendorConformance({
  name: 'expo',
  credentials: { apiKey: 'expo-access-token' },
  send: (ctx) => sendExpo(ctx, message(['ExponentPushToken[abc]'])),
  check: (call) => {
    if (call.method !== 'POST' || call.path !== '/--/api/v2/push/send')
      return `unexpected ${call.method} ${call.path}`;
    if (call.headers.authorization !== 'Bearer expo-access-token') return 'bad auth';
    const body = call.body as { to?: string; title?: string; body?: string; data?: unknown }[];
    if (!Array.isArray(body) || body[0]?.to !== 'ExponentPushToken[abc]' || body[0]?.body !== 'Diesel at 12%')
      return 'bad messages';
    return undefined;
  },
  success: { status: 200, body: { data: [{ status: 'ok', id: 'ticket-1' }] } },
  clientError: {
    status: 400,
    body: { errors: [{ code: 'VALIDATION_ERROR', message: '"to" must be a token' }] },
  },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('ticket-1'),
});

describe('expo specifics', () => {
  it('reports DeviceNotRegistered tickets as invalid tokens', async () => {
    const fake = await startFakeVendor(() => ({
      status: 200,
      body: {
        data: [
          { status: 'ok', id: 't-1' },
          {
            status: 'error',
            message: 'not a registered push notification recipient',
            details: { error: 'DeviceNotRegistered' },
          },
        ],
      },
    }));
    try {
      const outcome = await sendExpo(
        fakeContext(fake, { apiKey: 'k' }),
        message(['ExponentPushToken[a]', 'ExponentPushToken[b]']),
      );
      expect(outcome.invalidTokens).toEqual(['ExponentPushToken[b]']);
    } finally {
      await fake.stop();
    }
  });
});

// ---- OneSignal
describeVendorConformance({
  name: 'one-signal',
  credentials: { applicationId: 'app-123', apiKey: 'os-key' },
  send: (ctx) => sendOneSignal(ctx, message(['sub-1'])),
  check: (call) => {
    if (call.method !== 'POST' || call.path !== '/notifications')
      return `unexpected ${call.method} ${call.path}`;
    if (call.headers.authorization !== 'Key os-key') return 'bad auth';
    const body = call.body as Record<string, unknown>;
    if (body.app_id !== 'app-123') return 'no app id';
    if (JSON.stringify(body.include_subscription_ids) !== '["sub-1"]') return 'bad targets';
    if (JSON.stringify(body.contents) !== JSON.stringify({ en: 'Diesel at 12%' })) return 'bad contents';
    if (
      !/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(
        String(body.idempotency_key),
      )
    )
      return 'idempotency_key must be a UUID';
    return undefined;
  },
  success: { status: 200, body: { id: 'notif-1', external_id: null } },
  clientError: {
    status: 400,
    body: { errors: ['Notification content must not be null for any languages.'] },
  },
  onSuccess: (outcome, calls) => {
    expect(outcome.messageId).toBe('notif-1');
    expect(calls).toHaveLength(1);
  },
});

describe('one-signal specifics', () => {
  it('sends the same idempotency key on a retry and treats an empty id as nothing sent', async () => {
    const keys: unknown[] = [];
    const fake = await startFakeVendor((call) => {
      keys.push((call.body as { idempotency_key?: unknown }).idempotency_key);
      return { status: 200, body: { id: '', errors: { invalid_player_ids: ['sub-x'] } } };
    });
    try {
      const ctx = fakeContext(fake, { applicationId: 'a', apiKey: 'k' }, { idempotencyKey: 'fc-job-7' });
      const first = await sendOneSignal(ctx, message(['sub-x'])).catch((e) => e);
      await sendOneSignal(ctx, message(['sub-x'])).catch(() => undefined);
      expect(keys[0]).toBe(keys[1]);
      expect(first).toBeInstanceOf(DeliveryError);
      expect(first.kind).toBe('permanent');
      expect(first.invalidTokens).toEqual(['sub-x']);
    } finally {
      await fake.stop();
    }
  });
});

// ---- Pushpad
describeVendorConformance({
  name: 'pushpad',
  credentials: { apiKey: 'pp-token', applicationId: '42' },
  send: (ctx) => sendPushpad(ctx, message(['uid-1', 'uid-2'])),
  check: (call) => {
    if (call.method !== 'POST' || call.path !== '/api/v1/projects/42/notifications')
      return `unexpected ${call.method} ${call.path}`;
    if (call.headers.authorization !== 'Token token="pp-token"') return 'bad auth';
    const body = call.body as { notification?: { body?: string; title?: string }; uids?: string[] };
    if (body.notification?.body !== 'Diesel at 12%' || body.notification.title !== 'Tank low')
      return 'bad notification';
    if (JSON.stringify(body.uids) !== '["uid-1","uid-2"]') return 'bad uids';
    return undefined;
  },
  success: { status: 201, body: { id: 1001, scheduled: 2, uids: ['uid-1', 'uid-2'] } },
  clientError: { status: 422, body: { error: 'body is too long' } },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('1001'),
});
