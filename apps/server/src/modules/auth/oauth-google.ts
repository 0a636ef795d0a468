import * as client from 'openid-client';
import type { GoogleSettings } from './oauth.settings';
import {
  isPlainHttp,
  memoize,
  type OAuthProviderClient,
  type ProviderIdentity,
  splitName,
} from './oauth-identity';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Google as an OpenID Connect provider: the endpoints come from the issuer's discovery document,
 * the ID token is checked by openid-client (signature, issuer, audience, nonce, expiry), and the
 * profile and email come from the userinfo endpoint for the same subject.
 */
export function googleClient(settings: GoogleSettings): OAuthProviderClient {
  const insecure = isPlainHttp(settings.issuer);
  return {
    name: 'google',
    scope: 'openid email profile',
    oidc: true,
    configuration: memoize(() =>
      client.discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      ),
    ),
    async identity(config, tokens): Promise<ProviderIdentity> {
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider answered no ID token');
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      const email = text(info.email) ?? text(claims.email);
      const verified = info.email_verified ?? claims.email_verified;
      const fallback = splitName(text(info.name), email ?? '');
      return {
        subject: claims.sub,
        email,
        emailVerified: verified === true || verified === 'true',
        firstName: (text(info.given_name) ?? fallback.firstName).slice(0, 100),
        lastName: (text(info.family_name) ?? fallback.lastName).slice(0, 100),
      };
    },
  };
}
