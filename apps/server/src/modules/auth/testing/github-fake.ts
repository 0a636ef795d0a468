import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A GitHub user as the fake knows them. */
export type GithubTestUser = {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
};

export type GithubFake = {
  /** Both the OAuth base (`/login/oauth/…`) and the REST API base (`/user`, `/user/emails`). */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The next authorization: approve as this user, or refuse (error=access_denied). */
  decide(decision: { user: GithubTestUser } | { refuse: true }): void;
  /** Token requests refused so far, with the reason (for assertions). */
  refusedTokenRequests: string[];
  close(): Promise<void>;
};

type PendingCode = {
  user: GithubTestUser;
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A loopback stand-in for GitHub's OAuth app flow and the two REST calls we make, checking what
 * GitHub documents: the authorize request names the client, an exact registered redirect URI and
 * an S256 code challenge; the token request (form body, JSON answer when asked) needs the client
 * secret, the single-use code (10 minutes), the same redirect URI and the matching code verifier;
 * token errors answer 200 with an `error` field, as GitHub does. `/user/emails` needs `user:email`.
 */
export async function startGithubFake(options: { redirectUri: string }): Promise<GithubFake> {
  const clientId = 'Iv1.forecourttest';
  const clientSecret = 'github-test-secret-0123456789abcdef';
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, { user: GithubTestUser; scope: string }>();
  const refusedTokenRequests: string[] = [];
  let decision: { user: GithubTestUser } | { refuse: true } = { refuse: true };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) =>
      response
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(body));

    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const state = url.searchParams.get('state') ?? '';
      if (url.searchParams.get('client_id') !== clientId || redirectUri !== options.redirectUri) {
        return response.writeHead(400).end('The redirect_uri is not associated with this application.');
      }
      const target = new URL(redirectUri);
      if ('refuse' in decision) {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_description', 'The user has denied your application access.');
      } else {
        const challenge = url.searchParams.get('code_challenge') ?? '';
        if (url.searchParams.get('code_challenge_method') !== 'S256' || challenge.length < 43) {
          return response.writeHead(400).end('code_challenge with S256 required');
        }
        const code = randomBytes(10).toString('hex');
        codes.set(code, {
          user: decision.user,
          redirectUri,
          challenge,
          scope: url.searchParams.get('scope') ?? '',
          expiresAt: Date.now() + 600_000,
        });
        target.searchParams.set('code', code);
      }
      target.searchParams.set('state', state);
      return response.writeHead(302, { location: target.href }).end();
    }

    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = new URLSearchParams(await readBody(request));
      const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
      const [basicId, basicSecret] = basic
        ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
        : [];
      const id = form.get('client_id') ?? basicId;
      const secret = form.get('client_secret') ?? basicSecret;
      const refuse = (error: string) => {
        refusedTokenRequests.push(error);
        return json(200, { error, error_description: error });
      };
      if (id !== clientId || secret !== clientSecret) return refuse('incorrect_client_credentials');
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || code.expiresAt < Date.now()) return refuse('bad_verification_code');
      if (form.get('redirect_uri') !== code.redirectUri) return refuse('redirect_uri_mismatch');
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) {
        return refuse('bad_verification_code');
      }
      const accessToken = `gho_${randomBytes(18).toString('hex')}`;
      tokens.set(accessToken, { user: code.user, scope: code.scope });
      if (!(request.headers.accept ?? '').includes('application/json')) {
        response.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
        return response.end(
          `access_token=${accessToken}&scope=${encodeURIComponent(code.scope)}&token_type=bearer`,
        );
      }
      return json(200, {
        access_token: accessToken,
        token_type: 'bearer',
        scope: code.scope.replaceAll(' ', ','),
      });
    }

    if (request.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      const token = request.headers.authorization?.match(/^(?:Bearer|token) (.+)$/)?.[1] ?? '';
      const grant = tokens.get(token);
      if (!grant) return json(401, { message: 'Bad credentials', status: '401' });
      if (url.pathname === '/user') {
        const { id, login, name } = grant.user;
        return json(200, { id, login, name, email: null, type: 'User' });
      }
      if (!grant.scope.split(/[ ,]/).includes('user:email')) {
        return json(404, { message: 'Not Found', status: '404' });
      }
      return json(
        200,
        grant.user.emails.map((entry) => ({ ...entry, visibility: entry.primary ? 'private' : null })),
      );
    }
    return json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    decide(next) {
      decision = next;
    },
    refusedTokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
