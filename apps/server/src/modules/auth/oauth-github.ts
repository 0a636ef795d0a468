import * as client from 'openid-client';
import { z } from 'zod';
import type { GithubSettings } from './oauth.settings';
import {
  isPlainHttp,
  memoize,
  type OAuthProviderClient,
  type ProviderIdentity,
  splitName,
} from './oauth-identity';

const ZGithubUser = z.object({ id: z.number(), login: z.string(), name: z.string().nullish() });
const ZGithubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));
const API_TIMEOUT_MS = 10_000;

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${accessToken}`,
      'x-github-api-version': '2022-11-28',
      'user-agent': 'Forecourt',
    },
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GitHub answered ${response.status} for ${new URL(url).pathname}`);
  return response.json();
}

/**
 * GitHub is OAuth 2.0 without OpenID Connect: openid-client runs the code flow (state, PKCE,
 * token request) against its authorize and token endpoints, then the REST API names the user
 * (`GET /user`) and lists their addresses with GitHub's verified flag (`GET /user/emails`, scope
 * `user:email`). The primary address is the account's email, and only when GitHub verified it.
 */
export function githubClient(settings: GithubSettings): OAuthProviderClient {
  const base = settings.oauthUrl.replace(/\/+$/, '');
  const api = settings.apiUrl.replace(/\/+$/, '');
  return {
    name: 'github',
    scope: 'read:user user:email',
    oidc: false,
    configuration: memoize(async () => {
      const config = new client.Configuration(
        {
          issuer: base,
          authorization_endpoint: `${base}/login/oauth/authorize`,
          token_endpoint: `${base}/login/oauth/access_token`,
        },
        settings.clientId,
        settings.clientSecret,
      );
      if (isPlainHttp(base)) client.allowInsecureRequests(config);
      return config;
    }),
    async identity(_config, tokens): Promise<ProviderIdentity> {
      const user = ZGithubUser.parse(await getJson(`${api}/user`, tokens.access_token));
      const emails = ZGithubEmails.parse(await getJson(`${api}/user/emails`, tokens.access_token));
      const primary = emails.find((entry) => entry.primary) ?? null;
      return {
        subject: String(user.id),
        email: primary?.email ?? null,
        emailVerified: primary?.verified === true,
        ...splitName(user.name, user.login),
      };
    },
  };
}
