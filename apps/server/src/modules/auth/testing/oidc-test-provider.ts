import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person known to the test provider. */
export type TestAccount = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
};

/** What the "user" at the provider does on the next sign-in: sign in as an account, or refuse. */
export type ProviderDecision = { accountSub: string } | { refuse: true };

export type OidcTestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  addAccount(account: TestAccount): void;
  /** Decides the next interactions (login and consent) until changed. */
  decide(decision: ProviderDecision): void;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a loopback port: discovery,
 * authorization with PKCE, token and userinfo endpoints, signed ID tokens. Its login and consent
 * pages are replaced by `decide`, which plays the person at the keyboard.
 */
export async function startOidcTestProvider(options: { redirectUri: string }): Promise<OidcTestProvider> {
  const accounts = new Map<string, TestAccount>();
  let decision: ProviderDecision = { refuse: true };
  const clientId = 'forecourt-test-client';
  const clientSecret = 'a-test-client-secret-that-is-long-enough';
  let handler: ((req: never, res: never) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req as never, res as never);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          given_name: account.givenName,
          family_name: account.familyName,
          name: `${account.givenName} ${account.familyName}`,
        }),
      };
    },
  });
  const callback = provider.callback();

  handler = async (req: never, res: never) => {
    const request = req as import('node:http').IncomingMessage;
    const response = res as import('node:http').ServerResponse;
    if (!request.url?.startsWith('/interaction/')) return callback(request, response);
    try {
      const details = await provider.interactionDetails(request, response);
      if ('refuse' in decision) {
        await provider.interactionFinished(
          request,
          response,
          { error: 'access_denied', error_description: 'The user refused' },
          { mergeWithLastSubmission: false },
        );
      } else if (details.prompt.name === 'login') {
        await provider.interactionFinished(request, response, { login: { accountId: decision.accountSub } });
      } else {
        const grant = new provider.Grant({ accountId: decision.accountSub, clientId });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(request, response, { consent: { grantId } });
      }
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  };

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => accounts.set(account.sub, account),
    decide(next) {
      decision = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
