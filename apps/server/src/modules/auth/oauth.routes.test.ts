import { ORG_MISSING_HEADER, ORG_SIGNUP_PATH } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { bearer, createMembership, createOrganization, createUser } from '../../test/factories';
import { DEFAULT_MAIL_SETTINGS } from '../accounts/register';
import { finishSignIn, signInAtProvider } from './testing/browser';
import { type GithubFake, startGithubFake } from './testing/github-fake';
import { type OidcTestProvider, startOidcTestProvider } from './testing/oidc-test-provider';

const APP_URL = 'http://forecourt.test';
const GOOGLE_PAGE = `${APP_URL}/login/oauth/google`;
const GITHUB_PAGE = `${APP_URL}/login/oauth/github`;

let oidc: OidcTestProvider;
let github: GithubFake;
let t: TestApp;

beforeAll(async () => {
  oidc = await startOidcTestProvider({ redirectUri: GOOGLE_PAGE });
  github = await startGithubFake({ redirectUri: GITHUB_PAGE });
  t = await createTestApp({
    mail: { ...DEFAULT_MAIL_SETTINGS, appUrl: APP_URL },
    oauth: {
      google: { clientId: oidc.clientId, clientSecret: oidc.clientSecret, issuer: oidc.issuer },
      github: {
        clientId: github.clientId,
        clientSecret: github.clientSecret,
        oauthUrl: github.url,
        apiUrl: github.url,
      },
    },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await oidc?.close();
  await github?.close();
});

const usersWithEmail = (email: string) =>
  t.database.db.selectFrom('users').selectAll().where('email', '=', email).execute();

async function me(accessToken: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('which providers are offered', () => {
  it('lists the configured providers for the sign-in page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ providers: ['google', 'github'] });
  });

  it('offers none and refuses to start when nothing is configured', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
        providers: [],
      });
      const start = await bare.app.inject({ method: 'GET', url: '/api/auth/oauth/google/start' });
      expect(start.statusCode).toBe(404);
      expect(start.json().code).toBe('OAUTH_PROVIDER_UNAVAILABLE');
    } finally {
      await bare.close();
    }
  });

  it('sends the browser to the provider with state, PKCE (S256) and a nonce', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oauth/google/start' });
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.origin).toBe(oidc.issuer);
    expect(location.searchParams.get('redirect_uri')).toBe(GOOGLE_PAGE);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(location.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toMatch(/^fc_oauth=[^;]+; Path=\/api\/auth\/oauth; HttpOnly; SameSite=Lax; Max-Age=600/);
    // The PKCE verifier and the state travel only sealed.
    expect(cookie).not.toContain(location.searchParams.get('state'));
  });
});

describe('sign in with Google (OpenID Connect)', () => {
  it('creates a verified account on first sign-in and sends the user to organisation signup', async () => {
    oidc.addAccount({
      sub: 'g-1',
      email: 'Asha.Rao@gmail.test',
      emailVerified: true,
      givenName: 'Asha',
      familyName: 'Rao',
    });
    oidc.decide({ accountSub: 'g-1' });
    const answer = await finishSignIn(
      t.app,
      'google',
      await signInAtProvider(t.app, 'google', { callbackPage: GOOGLE_PAGE }),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers[ORG_MISSING_HEADER]).toBe('true');
    expect(answer.json().redirect_url).toBe(ORG_SIGNUP_PATH);
    expect(String(answer.headers['set-cookie'])).toContain('fc_oauth=; Path=/api/auth/oauth');
    const profile = await me(answer.json().access_token);
    expect(profile).toMatchObject({
      email: 'asha.rao@gmail.test',
      firstName: 'Asha',
      lastName: 'Rao',
      emailVerified: true,
    });
    const [user] = await usersWithEmail('asha.rao@gmail.test');
    expect(user?.passwordHash).toBeNull();

    // The second sign-in finds the same account.
    const again = await finishSignIn(
      t.app,
      'google',
      await signInAtProvider(t.app, 'google', { callbackPage: GOOGLE_PAGE }),
    );
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().access_token)).id).toBe(profile.id);
    expect(await usersWithEmail('asha.rao@gmail.test')).toHaveLength(1);
  });

  it('links an existing account with the same verified address and keeps the redirect', async () => {
    const organization = await createOrganization(t.database.db);
    const existing = await createUser(t.database.db, { email: 'vikram@fleet.test' });
    await createMembership(t.database.db, {
      organizationId: organization.id,
      userId: existing.id,
      role: 'admin',
    });
    oidc.addAccount({
      sub: 'g-2',
      email: 'vikram@fleet.test',
      emailVerified: true,
      givenName: 'V',
      familyName: 'K',
    });
    oidc.decide({ accountSub: 'g-2' });
    const flow = await signInAtProvider(t.app, 'google', {
      callbackPage: GOOGLE_PAGE,
      redirectUrl: '/incidents?status=open',
    });
    const answer = await finishSignIn(t.app, 'google', flow);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers[ORG_MISSING_HEADER]).toBeUndefined();
    expect(answer.json().redirect_url).toBe('/incidents?status=open');
    const profile = await me(answer.json().access_token);
    expect(profile.id).toBe(existing.id);
    expect(profile.organization.id).toBe(organization.id);
    // The flow cookie works once.
    const replay = await finishSignIn(t.app, 'google', flow);
    expect(replay.statusCode).toBe(400);
  });

  it('takes an unverified password account away from whoever registered the address', async () => {
    const squatter = await createUser(t.database.db, {
      email: 'meera@mail.test',
      password: 'squatter-password-1',
      emailVerified: false,
    });
    oidc.addAccount({
      sub: 'g-3',
      email: 'meera@mail.test',
      emailVerified: true,
      givenName: 'Meera',
      familyName: 'S',
    });
    oidc.decide({ accountSub: 'g-3' });
    const answer = await finishSignIn(
      t.app,
      'google',
      await signInAtProvider(t.app, 'google', { callbackPage: GOOGLE_PAGE }),
    );
    expect(answer.statusCode).toBe(200);
    expect((await me(answer.json().access_token)).id).toBe(squatter.id);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'meera@mail.test', password: 'squatter-password-1' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('answers OAUTH_ACCESS_DENIED when the user refuses consent, and creates nothing', async () => {
    oidc.addAccount({
      sub: 'g-4',
      email: 'refuser@gmail.test',
      emailVerified: true,
      givenName: 'R',
      familyName: 'F',
    });
    oidc.decide({ refuse: true });
    const flow = await signInAtProvider(t.app, 'google', { callbackPage: GOOGLE_PAGE });
    expect(new URLSearchParams(flow.query).get('error'), flow.query).toBe('access_denied');
    const answer = await finishSignIn(t.app, 'google', flow);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('OAUTH_ACCESS_DENIED');
    expect(await usersWithEmail('refuser@gmail.test')).toHaveLength(0);
  });

  it('answers OAUTH_STATE_MISMATCH for a wrong state, a missing cookie or another provider’s cookie', async () => {
    oidc.addAccount({
      sub: 'g-5',
      email: 'state@gmail.test',
      emailVerified: true,
      givenName: 'S',
      familyName: 'T',
    });
    oidc.decide({ accountSub: 'g-5' });
    const flow = await signInAtProvider(t.app, 'google', { callbackPage: GOOGLE_PAGE });
    const params = new URLSearchParams(flow.query);
    params.set('state', 'an-attackers-state-value-0123456789');
    const wrongState = await finishSignIn(t.app, 'google', { query: params.toString(), cookie: flow.cookie });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().code).toBe('OAUTH_STATE_MISMATCH');
    const noCookie = await finishSignIn(t.app, 'google', { query: flow.query });
    expect(noCookie.json().code).toBe('OAUTH_STATE_MISMATCH');
    const tampered = await finishSignIn(t.app, 'google', {
      query: flow.query,
      cookie: `${flow.cookie.slice(0, -4)}AAAA`,
    });
    expect(tampered.json().code).toBe('OAUTH_STATE_MISMATCH');
    const otherProvider = await finishSignIn(t.app, 'github', flow);
    expect(otherProvider.json().code).toBe('OAUTH_STATE_MISMATCH');
    expect(await usersWithEmail('state@gmail.test')).toHaveLength(0);
  });

  it('refuses an address the provider has not verified (403), and creates nothing', async () => {
    oidc.addAccount({
      sub: 'g-6',
      email: 'unverified@gmail.test',
      emailVerified: false,
      givenName: 'U',
      familyName: 'V',
    });
    oidc.decide({ accountSub: 'g-6' });
    const answer = await finishSignIn(
      t.app,
      'google',
      await signInAtProvider(t.app, 'google', { callbackPage: GOOGLE_PAGE }),
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('OAUTH_EMAIL_UNVERIFIED');
    expect(await usersWithEmail('unverified@gmail.test')).toHaveLength(0);
  });

  it('does not link an unverified address to an existing account', async () => {
    const owner = await createUser(t.database.db, { email: 'owner@corp.test' });
    oidc.addAccount({
      sub: 'g-7',
      email: 'owner@corp.test',
      emailVerified: false,
      givenName: 'O',
      familyName: 'W',
    });
    oidc.decide({ accountSub: 'g-7' });
    const answer = await finishSignIn(
      t.app,
      'google',
      await signInAtProvider(t.app, 'google', { callbackPage: GOOGLE_PAGE }),
    );
    expect(answer.statusCode).toBe(403);
    const [row] = await usersWithEmail('owner@corp.test');
    expect(row?.passwordHash).toBe(owner.passwordHash);
  });
});

describe('sign in with GitHub (OAuth 2.0)', () => {
  const octo = {
    id: 583231,
    login: 'octo-asha',
    name: 'Asha Octo',
    emails: [
      { email: 'old@gh.test', primary: false, verified: false },
      { email: 'asha@gh.test', primary: true, verified: true },
    ],
  };

  it('creates the account from the primary verified address', async () => {
    github.decide({ user: octo });
    const answer = await finishSignIn(
      t.app,
      'github',
      await signInAtProvider(t.app, 'github', { callbackPage: GITHUB_PAGE }),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().redirect_url).toBe(ORG_SIGNUP_PATH);
    expect(await me(answer.json().access_token)).toMatchObject({
      email: 'asha@gh.test',
      firstName: 'Asha',
      lastName: 'Octo',
      emailVerified: true,
    });
    expect(github.refusedTokenRequests).toEqual([]);
  });

  it('answers OAUTH_ACCESS_DENIED when the user cancels at GitHub', async () => {
    github.decide({ refuse: true });
    const answer = await finishSignIn(
      t.app,
      'github',
      await signInAtProvider(t.app, 'github', { callbackPage: GITHUB_PAGE }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('OAUTH_ACCESS_DENIED');
  });

  it('answers OAUTH_STATE_MISMATCH for a wrong state without spending the code', async () => {
    github.decide({ user: octo });
    const flow = await signInAtProvider(t.app, 'github', { callbackPage: GITHUB_PAGE });
    const params = new URLSearchParams(flow.query);
    params.set('state', 'forged');
    const answer = await finishSignIn(t.app, 'github', { query: params.toString(), cookie: flow.cookie });
    expect(answer.json().code).toBe('OAUTH_STATE_MISMATCH');
    expect(github.refusedTokenRequests).toEqual([]);
  });

  it('refuses a primary address GitHub has not verified', async () => {
    github.decide({
      user: {
        id: 9,
        login: 'nobody',
        name: null,
        emails: [{ email: 'nobody@gh.test', primary: true, verified: false }],
      },
    });
    const answer = await finishSignIn(
      t.app,
      'github',
      await signInAtProvider(t.app, 'github', { callbackPage: GITHUB_PAGE }),
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('OAUTH_EMAIL_UNVERIFIED');
    expect(await usersWithEmail('nobody@gh.test')).toHaveLength(0);
  });

  it('answers OAUTH_FAILED when the code is not accepted (a code from another sign-in)', async () => {
    github.decide({ user: octo });
    const first = await signInAtProvider(t.app, 'github', { callbackPage: GITHUB_PAGE });
    const second = await signInAtProvider(t.app, 'github', { callbackPage: GITHUB_PAGE });
    // The second browser's state with the first browser's code: PKCE verifier does not match.
    const params = new URLSearchParams(second.query);
    params.set('code', new URLSearchParams(first.query).get('code') ?? '');
    const answer = await finishSignIn(t.app, 'github', { query: params.toString(), cookie: second.cookie });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('OAUTH_FAILED');
    expect(github.refusedTokenRequests).toContain('bad_verification_code');
  });
});
