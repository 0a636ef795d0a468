import { type CryptoKey, jwtVerify, SignJWT } from 'jose';
import {
  ACCESS_TOKEN_MAX_LENGTH,
  ACCESS_TOKEN_TTL_S,
  ACCESS_TOKEN_TYPE,
  CLOCK_TOLERANCE_S,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
} from './session-policy';

/**
 * What a verified access token says. `iat`/`exp` are seconds, as in the token; `generation` (claim
 * `gen`) is the user's session generation the token was issued under.
 */
export type AccessClaims = {
  userId: number;
  scope: string;
  organizationId: number | null;
  generation: number;
  iat: number;
  exp: number;
};

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const USER_ID = /^[1-9][0-9]{0,14}$/;
const ALLOWED_HEADER = new Set(['alg', 'typ']);
const ALLOWED_CLAIMS = new Set(['sub', 'scope', 'org', 'gen', 'iat', 'exp', 'iss', 'aud']);
const MAX_SCOPE_LENGTH = 1024;

/** The HS256 key: raw bytes, or (faster, see signing-secret.ts) the imported WebCrypto key. */
export type SigningKey = CryptoKey | Uint8Array;

export async function signAccessToken(
  key: SigningKey,
  claims: { userId: number; scope: string; organizationId: number | null; generation: number; iat: number },
): Promise<string> {
  const payload =
    claims.organizationId === null
      ? { scope: claims.scope, gen: claims.generation }
      : { scope: claims.scope, org: claims.organizationId, gen: claims.generation };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
    .setSubject(String(claims.userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.iat + ACCESS_TOKEN_TTL_S)
    .sign(key);
}

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Verifies an access token: the algorithm is pinned to HS256 (no `none`, no asymmetric
 * algorithms, so no key confusion), the key comes only from our configuration (headers such as
 * `jwk`, `jku`, `x5u` or `kid` are refused outright), and `typ`, `iss`, `aud`, `iat`, `exp` are
 * checked with a small clock tolerance. Beyond that the token must have exactly the shape we issue.
 * Any failure yields null; the caller answers 401 without saying why.
 */
export async function verifyAccessToken(
  key: SigningKey,
  token: string,
  nowMs: number,
): Promise<AccessClaims | null> {
  if (token.length > ACCESS_TOKEN_MAX_LENGTH || !COMPACT_JWS.test(token)) return null;
  let result: Awaited<ReturnType<typeof jwtVerify>>;
  try {
    result = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      typ: ACCESS_TOKEN_TYPE,
      requiredClaims: ['sub', 'scope', 'gen', 'iat', 'exp'],
      maxTokenAge: ACCESS_TOKEN_TTL_S,
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: new Date(nowMs),
    });
  } catch {
    return null;
  }
  const { payload, protectedHeader } = result;
  if (protectedHeader.typ !== ACCESS_TOKEN_TYPE) return null;
  if (Object.keys(protectedHeader).some((name) => !ALLOWED_HEADER.has(name))) return null;
  if (Object.keys(payload).some((name) => !ALLOWED_CLAIMS.has(name))) return null;
  const { sub, scope, org, gen, iat, exp, aud } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || !USER_ID.test(sub)) return null;
  if (typeof scope !== 'string' || scope.length > MAX_SCOPE_LENGTH) return null;
  if (org !== undefined && !isPositiveInteger(org)) return null;
  if (typeof gen !== 'number' || !Number.isSafeInteger(gen) || gen < 0) return null;
  if (aud !== TOKEN_AUDIENCE) return null;
  if (!isPositiveInteger(iat) || !isPositiveInteger(exp) || exp - iat !== ACCESS_TOKEN_TTL_S) return null;
  return { userId: Number(sub), scope, organizationId: org ?? null, generation: gen, iat, exp };
}
