import { importPKCS8, SignJWT } from 'jose';
import { DeliveryError, expectSuccess, type PushSender, type SendContext, vendorFailure } from '../vendor';
import { stringData } from './data';

/**
 * Firebase Cloud Messaging, HTTP v1. The integration holds a service account's JSON key: a JWT
 * signed with its private key (RS256, `iss` the account's email, `scope` firebase.messaging, `aud`
 * the token endpoint) is exchanged at Google's OAuth token endpoint for an access token (cached
 * until shortly before it expires), then one `POST /v1/projects/{project}/messages:send` per device
 * token with `Authorization: Bearer`. An answer whose FcmError code is `UNREGISTERED` marks the
 * token invalid. FCM v1 has no idempotency key.
 */

const TOKEN_ORIGIN = 'https://oauth2.googleapis.com';
const FCM_ORIGIN = 'https://fcm.googleapis.com';
const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

type ServiceAccount = {
  project_id?: string;
  client_email?: string;
  private_key?: string;
  private_key_id?: string;
};

const tokens = new Map<string, { token: string; expiresAt: number }>();

function serviceAccount(
  ctx: SendContext,
): Required<Pick<ServiceAccount, 'project_id' | 'client_email' | 'private_key'>> & ServiceAccount {
  const raw = ctx.credentials.serviceAccount;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  const account = (value ?? {}) as ServiceAccount;
  if (!account.project_id || !account.client_email || !account.private_key)
    throw new DeliveryError('FCM: the service account JSON needs project_id, client_email and private_key');
  return account as ReturnType<typeof serviceAccount>;
}

async function accessToken(ctx: SendContext, account: ReturnType<typeof serviceAccount>): Promise<string> {
  const origin = ctx.origin(TOKEN_ORIGIN);
  const cacheKey = `${origin}|${account.client_email}|${account.private_key_id ?? ''}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt > ctx.now() + 60_000) return cached.token;
  let key: Awaited<ReturnType<typeof importPKCS8>>;
  try {
    key = await importPKCS8(account.private_key, 'RS256');
  } catch {
    throw new DeliveryError('FCM: the service account private key is not a PKCS#8 RSA key');
  }
  const audience = `${TOKEN_ORIGIN}/token`;
  const iat = Math.floor(ctx.now() / 1000);
  const assertion = await new SignJWT({ scope: SCOPE })
    .setProtectedHeader({
      alg: 'RS256',
      typ: 'JWT',
      ...(account.private_key_id ? { kid: account.private_key_id } : {}),
    })
    .setIssuer(account.client_email)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(key);
  const answer = await ctx.http({
    url: `${origin}/token`,
    form: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion },
  });
  expectSuccess('FCM token', answer, (json) => {
    const body = json as { error?: string; error_description?: string } | undefined;
    return body?.error
      ? `${body.error}${body.error_description ? `: ${body.error_description}` : ''}`
      : undefined;
  });
  const body = answer.json as { access_token?: string; expires_in?: number };
  if (!body?.access_token)
    throw new DeliveryError('FCM token: no access token in the answer', { kind: 'transient' });
  tokens.set(cacheKey, { token: body.access_token, expiresAt: ctx.now() + (body.expires_in ?? 3600) * 1000 });
  return body.access_token;
}

type FcmErrorBody = {
  error?: { code?: number; message?: string; status?: string; details?: { errorCode?: string }[] };
};

const errorCodeOf = (json: unknown) =>
  (json as FcmErrorBody | undefined)?.error?.details?.find((d) => d.errorCode)?.errorCode;

export const sendFcm: PushSender = async (ctx, message) => {
  const account = serviceAccount(ctx);
  const bearer = await accessToken(ctx, account);
  const invalid: string[] = [];
  const sent: string[] = [];
  let failure: DeliveryError | undefined;
  for (const token of message.target) {
    const answer = await ctx.http({
      url: `${ctx.origin(FCM_ORIGIN)}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`,
      headers: { authorization: `Bearer ${bearer}` },
      json: {
        message: {
          token,
          notification: { title: message.title, body: message.content },
          data: stringData(message.payload),
        },
      },
    });
    if (answer.status >= 200 && answer.status <= 299) {
      sent.push(String((answer.json as { name?: string } | undefined)?.name ?? ''));
      continue;
    }
    const code = errorCodeOf(answer.json);
    const status = (answer.json as FcmErrorBody | undefined)?.error?.status;
    if (code === 'UNREGISTERED') invalid.push(token);
    if (answer.status === 401) tokens.clear(); // a revoked or expired access token: fetch a new one next time
    const detail = [code ?? status, (answer.json as FcmErrorBody | undefined)?.error?.message]
      .filter(Boolean)
      .join(': ');
    failure ??= vendorFailure('FCM', answer, detail || undefined);
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
