import type { TOAuthProvider } from '@forecourt/contracts';
import type * as client from 'openid-client';

/** What a provider tells us about the person who signed in. */
export type ProviderIdentity = {
  /** The provider's stable id of the account. */
  subject: string;
  email: string | null;
  /** True only when the provider says it checked that the person controls the address. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

export type TokenResponse = Awaited<ReturnType<typeof client.authorizationCodeGrant>>;

/** One sign-in provider: its client configuration, the scope it asks for, how to read the identity. */
export type OAuthProviderClient = {
  name: TOAuthProvider;
  scope: string;
  /** OpenID Connect providers get a nonce and must answer an ID token. */
  oidc: boolean;
  configuration(): Promise<client.Configuration>;
  identity(config: client.Configuration, tokens: TokenResponse): Promise<ProviderIdentity>;
};

/** Splits a display name into first and last names ("Asha Rao Kumar" → "Asha", "Rao Kumar"). */
export function splitName(
  name: string | null | undefined,
  fallback: string,
): { firstName: string; lastName: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: fallback.slice(0, 100), lastName: '' };
  return { firstName: (parts[0] ?? '').slice(0, 100), lastName: parts.slice(1).join(' ').slice(0, 100) };
}

/** Plain-HTTP endpoints are only accepted for local test and development servers. */
export const isPlainHttp = (url: string) => new URL(url).protocol === 'http:';

/** Caches a promise; a rejected one is forgotten so the next call tries again. */
export function memoize<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}
