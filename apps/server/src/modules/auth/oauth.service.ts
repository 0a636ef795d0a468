import { timingSafeEqual } from 'node:crypto';
import type { TOAuthProvider } from '@forecourt/contracts';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from './auth-context';
import { configuredProviders, type OAuthSettings } from './oauth.settings';
import { FLOW_TTL_S, flowCookie, type OAuthFlow, openFlow, sealFlow } from './oauth-flow-cookie';
import { githubClient } from './oauth-github';
import { googleClient } from './oauth-google';
import type { OAuthProviderClient } from './oauth-identity';
import { type IssuedTokens, issueTokens } from './sessions.service';

const stateMismatch = () =>
  new AppError('OAUTH_STATE_MISMATCH', 'This sign-in was not started here or has expired. Start again.');
const failed = () =>
  new AppError('OAUTH_FAILED', 'The sign-in provider’s answer could not be used. Try again.');
const unavailable = () =>
  new AppError('UNAVAILABLE', 'The sign-in provider cannot be reached. Try again later.');

/** A path of the web app to go to afterwards; anything else (other hosts, `//…`) is dropped. */
export function safeRedirectPath(value: string | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return null;
  for (const char of value) if (char === '\\' || char.charCodeAt(0) < 0x20 || char === '\x7f') return null;
  return value;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type OAuthService = ReturnType<typeof createOAuthService>;

/**
 * Sign in with Google or GitHub: the authorization-code flow with state and PKCE (S256), plus a
 * nonce for OpenID Connect. `start` seals the flow into an HttpOnly cookie and sends the browser
 * to the provider; the provider sends it back to the web app (`/login/oauth/<provider>`), which
 * posts the query string to `finish`. `finish` checks it against the cookie, exchanges the code,
 * reads the identity and signs the user in with the same tokens as a password login.
 */
/** A person a sign-in provider vouches for. */
export type ProviderAccount = {
  provider: 'google' | 'github';
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

/**
 * The user a provider sign-in belongs to, linked or created (the accounts module's
 * `userForProviderAccount`; app.ts passes it in, so auth does not import accounts).
 */
export type ProviderAccountResolver = (db: Db, account: ProviderAccount, now: number) => Promise<number>;

export function createOAuthService(options: {
  context: AuthContext;
  userForProviderAccount: ProviderAccountResolver;
  settings: OAuthSettings;
  appUrl: string;
  log: FastifyBaseLogger;
}) {
  const { context, settings, log, userForProviderAccount } = options;
  const appUrl = options.appUrl.replace(/\/+$/, '');
  const secure = appUrl.startsWith('https:');
  const clients: Partial<Record<TOAuthProvider, OAuthProviderClient>> = {
    ...(settings.google ? { google: googleClient(settings.google) } : {}),
    ...(settings.github ? { github: githubClient(settings.github) } : {}),
  };
  const redirectUri = (provider: TOAuthProvider) => `${appUrl}/login/oauth/${provider}`;

  function clientOf(provider: TOAuthProvider): OAuthProviderClient {
    const found = clients[provider];
    if (!found)
      throw new AppError('OAUTH_PROVIDER_UNAVAILABLE', `Sign-in with ${provider} is not configured`);
    return found;
  }

  async function configurationOf(provider: OAuthProviderClient): Promise<client.Configuration> {
    try {
      return await provider.configuration();
    } catch (error) {
      log.warn(
        { provider: provider.name, err: (error as Error).message },
        'oauth: provider configuration failed',
      );
      throw unavailable();
    }
  }

  return {
    providers: () => configuredProviders(settings),
    clearedCookie: flowCookie('', { secure, maxAge: 0 }),

    /** The provider's authorization URL and the cookie that remembers this flow. */
    async start(provider: TOAuthProvider, redirectUrl: string | undefined) {
      const target = clientOf(provider);
      const config = await configurationOf(target);
      const flow: OAuthFlow = {
        provider,
        state: client.randomState(),
        codeVerifier: client.randomPKCECodeVerifier(),
        nonce: target.oidc ? client.randomNonce() : null,
        redirectUrl: safeRedirectPath(redirectUrl),
      };
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri(provider),
        scope: target.scope,
        state: flow.state,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (flow.nonce) parameters.nonce = flow.nonce;
      const location = client.buildAuthorizationUrl(config, parameters).href;
      return { location, cookie: flowCookie(await sealFlow(context, flow), { secure, maxAge: FLOW_TTL_S }) };
    },

    /** Checks the provider's answer against the flow cookie and signs the user in. */
    async finish(
      provider: TOAuthProvider,
      query: string,
      sealed: string | undefined,
    ): Promise<IssuedTokens & { redirectUrl: string | null }> {
      const target = clientOf(provider);
      const flow = await openFlow(context, sealed);
      const params = new URLSearchParams(query.replace(/^\?/, ''));
      const state = params.get('state');
      if (!flow || flow.provider !== provider || !state || !sameText(state, flow.state))
        throw stateMismatch();
      const error = params.get('error');
      if (error !== null) {
        throw new AppError(
          'OAUTH_ACCESS_DENIED',
          error === 'access_denied'
            ? 'You did not allow Forecourt to use your account. Nothing was changed.'
            : 'The sign-in provider refused this sign-in. Try again.',
        );
      }
      const config = await configurationOf(target);
      const current = new URL(redirectUri(provider));
      current.search = params.toString();
      let identity: Awaited<ReturnType<OAuthProviderClient['identity']>>;
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          ...(flow.nonce ? { expectedNonce: flow.nonce } : {}),
          idTokenExpected: target.oidc,
        });
        identity = await target.identity(config, tokens);
      } catch (cause) {
        log.warn({ provider, err: (cause as Error).message }, 'oauth: code exchange or identity failed');
        throw failed();
      }
      const userId = await userForProviderAccount(context.db, { provider, ...identity }, context.now());
      const tokens = await issueTokens(context.db, userId);
      return { ...tokens, redirectUrl: flow.redirectUrl };
    },
  };
}
