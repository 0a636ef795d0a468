import { type TAccessTokenPayload, ZAccessTokenPayload } from '@forecourt/contracts';

/** Characters of unpadded base64url (RFC 4648 §5). */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** base64url → bytes, padding the length to a multiple of 4. Null when it is not base64url. */
function decodeBase64Url(segment: string): Uint8Array | null {
  if (!BASE64URL.test(segment) || segment.length % 4 === 1) return null;
  const padded = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  try {
    const binary = atob(padded);
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function parsePayload(token: string): TAccessTokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  const bytes = decodeBase64Url(parts[1]);
  if (!bytes) return null;
  try {
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const parsed = ZAccessTokenPayload.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Reads the access token's payload (`sub`, `scope`, `exp`, `org`) WITHOUT verifying the signature:
 * the browser only uses it to decide what to show; the server verifies every call.
 * A payload that does not decode logs 'Invalid token received' and yields null.
 */
export function decodeAccessToken(token: string | null | undefined): TAccessTokenPayload | null {
  if (!token) return null;
  const payload = parsePayload(token);
  if (!payload) console.error('Invalid token received');
  return payload;
}

/** Whether a decoded token is still valid at `now` (ms). `exp` is in seconds. */
export function isPayloadLive(payload: TAccessTokenPayload | null, now = Date.now()): boolean {
  return payload !== null && payload.exp * 1000 > now;
}
