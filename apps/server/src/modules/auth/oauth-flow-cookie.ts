import type { TOAuthProvider } from '@forecourt/contracts';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { AuthContext } from './auth-context';

/** A sign-in started in this browser: what the callback must check and send. */
export type OAuthFlow = {
  provider: TOAuthProvider;
  state: string;
  codeVerifier: string;
  /** OpenID Connect only. */
  nonce: string | null;
  /** Where to go after signing in (a path of the web app). */
  redirectUrl: string | null;
};

export const FLOW_COOKIE = 'fc_oauth';
export const FLOW_COOKIE_PATH = '/api/auth/oauth';
/** A sign-in must come back within ten minutes. */
export const FLOW_TTL_S = 600;

const encoder = new TextEncoder();

/**
 * The cookie key: an HMAC of a fixed label under the access-token key, so it changes when that
 * key does and needs no configuration of its own.
 */
async function flowKey(context: AuthContext): Promise<Uint8Array> {
  const mac = await crypto.subtle.sign(
    'HMAC',
    await context.signingKey(),
    encoder.encode('oauth-flow-cookie/v1'),
  );
  return new Uint8Array(mac);
}

/** The flow as an encrypted, expiring token (JWE, dir + A256GCM) for an HttpOnly cookie. */
export async function sealFlow(context: AuthContext, flow: OAuthFlow): Promise<string> {
  const now = Math.floor(context.now() / 1000);
  return new EncryptJWT({ ...flow })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(now)
    .setExpirationTime(now + FLOW_TTL_S)
    .encrypt(await flowKey(context));
}

/** The flow sealed in `token`, or null when it is missing, altered or expired. */
export async function openFlow(context: AuthContext, token: string | undefined): Promise<OAuthFlow | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtDecrypt(token, await flowKey(context), {
      currentDate: new Date(context.now()),
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const { provider, state, codeVerifier, nonce, redirectUrl } = payload as Partial<OAuthFlow>;
    if ((provider !== 'google' && provider !== 'github') || typeof state !== 'string') return null;
    if (typeof codeVerifier !== 'string') return null;
    return {
      provider,
      state,
      codeVerifier,
      nonce: typeof nonce === 'string' ? nonce : null,
      redirectUrl: typeof redirectUrl === 'string' ? redirectUrl : null,
    };
  } catch {
    return null;
  }
}

/** The value of one cookie from a `Cookie` header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** `Set-Cookie` for the flow (empty value and max-age 0 clear it). */
export function flowCookie(value: string, options: { secure: boolean; maxAge: number }): string {
  const attributes = [`${FLOW_COOKIE}=${value}`, `Path=${FLOW_COOKIE_PATH}`, 'HttpOnly', 'SameSite=Lax'];
  attributes.push(`Max-Age=${options.maxAge}`);
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}
