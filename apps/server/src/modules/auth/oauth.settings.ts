import type { TOAuthProvider } from '@forecourt/contracts';

/** Google sign-in: an OpenID Connect client of `issuer`. */
export type GoogleSettings = { clientId: string; clientSecret: string; issuer: string };
/** GitHub sign-in: plain OAuth 2.0 at `oauthUrl` (`/login/oauth/…`) and the REST API at `apiUrl`. */
export type GithubSettings = { clientId: string; clientSecret: string; oauthUrl: string; apiUrl: string };

/** Sign in with Google / GitHub; a provider is null when it is not configured. */
export type OAuthSettings = { google: GoogleSettings | null; github: GithubSettings | null };

export const NO_OAUTH: OAuthSettings = { google: null, github: null };

export function configuredProviders(settings: OAuthSettings): TOAuthProvider[] {
  return (['google', 'github'] as const).filter((provider) => settings[provider] !== null);
}
