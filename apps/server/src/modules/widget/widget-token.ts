import { WIDGET_TOKEN_AUDIENCE, WIDGET_TOKEN_TTL_S } from '@forecourt/contracts';
import { jwtVerify, SignJWT } from 'jose';
import { fromHexId, toHexId } from '../notify/ids';

/**
 * The inbox session token: HS256 with the widget key (its own key, generated once
 * per database), `aud` = widget_user, 15 days, no refresh. Claims name the subscriber by internal
 * and external id and its environment and organisation (24-hex ids, as the protocol shows them).
 */
export const WIDGET_TOKEN_ISSUER = 'forecourt';
const MAX_TOKEN_LENGTH = 4096;
const CLOCK_TOLERANCE_S = 5;

export type WidgetClaims = {
  subscriberRowId: number;
  environmentId: number;
  organizationId: number;
  subscriberId: string;
  /** The environment key version the session was made under (widget-session.ts). */
  keyVersion: string;
  /** A dashboard user's session generation when the session was made; absent for others. */
  userGeneration?: number;
  exp: number;
};

export function signWidgetToken(
  key: Uint8Array,
  subject: {
    id: number;
    environmentId: number;
    organizationId: number;
    subscriberId: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
  },
  binding: { keyVersion: string; userGeneration?: number | undefined },
  nowMs: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({
    _id: toHexId(subject.id),
    firstName: subject.firstName,
    lastName: subject.lastName,
    email: subject.email,
    organizationId: toHexId(subject.organizationId),
    environmentId: toHexId(subject.environmentId),
    subscriberId: subject.subscriberId,
    kv: binding.keyVersion,
    ...(binding.userGeneration === undefined ? {} : { ugen: binding.userGeneration }),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(WIDGET_TOKEN_ISSUER)
    .setAudience(WIDGET_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + WIDGET_TOKEN_TTL_S)
    .sign(key);
}

/** The claims of a valid widget token; null for anything else (wrong audience, expired, forged…). */
export async function verifyWidgetToken(
  key: Uint8Array,
  token: string,
  nowMs: number,
): Promise<WidgetClaims | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      audience: WIDGET_TOKEN_AUDIENCE,
      issuer: WIDGET_TOKEN_ISSUER,
      requiredClaims: ['exp', 'iat'],
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: new Date(nowMs),
    });
    const subscriberRowId = fromHexId(payload._id);
    const environmentId = fromHexId(payload.environmentId);
    const organizationId = fromHexId(payload.organizationId);
    if (subscriberRowId === null || environmentId === null || organizationId === null) return null;
    if (typeof payload.subscriberId !== 'string' || typeof payload.exp !== 'number') return null;
    if (typeof payload.kv !== 'string') return null;
    const ugen = payload.ugen;
    if (ugen !== undefined && (typeof ugen !== 'number' || !Number.isSafeInteger(ugen) || ugen < 0))
      return null;
    return {
      subscriberRowId,
      environmentId,
      organizationId,
      subscriberId: payload.subscriberId,
      keyVersion: payload.kv,
      ...(ugen === undefined ? {} : { userGeneration: ugen }),
      exp: payload.exp,
    };
  } catch {
    return null;
  }
}

/** The token of `Authorization: Bearer …`; undefined otherwise. */
export function bearerOf(header: string | undefined): string | undefined {
  if (!header || !/^bearer\s+/i.test(header)) return undefined;
  const token = header.replace(/^bearer\s+/i, '').trim();
  return token === '' || token === 'null' || token === 'undefined' ? undefined : token;
}
