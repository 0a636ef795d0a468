import type { TStationList } from '@forecourt/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route as ForgotPasswordPage } from '../../routes/auth/forgot-password.lazy';
import { Route as OrganizationSignupPage } from '../../routes/auth/organization.lazy';
import { Route as ResetPasswordPage } from '../../routes/auth/reset-password.lazy';
import { Route as SignupPage } from '../../routes/auth/signup.lazy';
import { Route as VerifyEmailPage } from '../../routes/auth/verify-email.lazy';
import { callsTo, errorResponse, jsonResponse, stubFetch, type TFetchHandler } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { accessToken, makeToken, signIn, storedCredentials, withMe } from '../../test/session';

const LIST: TStationList = { count: 0, pages: 0, results: [] };

function serve(routes: Record<string, TFetchHandler>) {
  return stubFetch(
    withMe((request) => {
      const handler = routes[`${request.method} ${request.url.pathname}`];
      return handler ? handler(request) : jsonResponse(LIST);
    }),
  );
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

/** The signup, password and verification pages, without the rest of the app. */
const PAGES: TScreenPage[] = [
  { page: SignupPage },
  { page: OrganizationSignupPage },
  { page: ForgotPasswordPage },
  { page: ResetPasswordPage },
  { page: VerifyEmailPage },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('signup', () => {
  async function fill(user: ReturnType<typeof renderPage>['user'], email?: string) {
    await user.type(input(/^First name/), 'Meera');
    await user.type(input(/^Last name/), 'Iyer');
    if (email) await user.type(input(/^Email/), email);
    await user.type(input(/^Password/), 'a-long-passphrase');
  }

  it('self-service: sends the form and asks to check the mail', async () => {
    const fetchMock = serve({
      'POST /api/auth/signup': () => jsonResponse({ status: 'verification_sent' }, 202),
    });
    const { user } = renderPage('/signup');
    await screen.findByRole('heading', { name: 'Create an account' });
    await fill(user, 'meera@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('meera@example.com')).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, '/api/auth/signup', 'POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'meera@example.com',
      password: 'a-long-passphrase',
      firstName: 'Meera',
      lastName: 'Iyer',
    });
    expect(storedCredentials()).toBeNull();
  });

  // Signing in opens the app at /stations: this one renders the whole app.
  it('with an invitation: sends the signupToken, signs in and opens the app', async () => {
    const answer = { access_token: accessToken('member'), refresh_token: 'refresh-1' };
    const fetchMock = serve({ 'POST /api/auth/signup': () => jsonResponse(answer, 201) });
    const { user, router } = renderApp('/signup?invitation=inv-123&email=meera@example.com');
    await screen.findByRole('heading', { name: 'Accept your invitation' });
    expect((input(/^Email/) as HTMLInputElement).value).toBe('meera@example.com');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Join your organisation' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/stations'));
    expect(storedCredentials()).toEqual(answer);
    const [[, init]] = callsTo(fetchMock, '/api/auth/signup', 'POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({
      signupToken: 'inv-123',
      email: 'meera@example.com',
    });
  });

  it.each([
    [
      'WEAK_PASSWORD',
      () => errorResponse(400, 'WEAK_PASSWORD', 'This password is too common.'),
      'This password is too common.',
    ],
    [
      'INVALID_INVITATION',
      () => errorResponse(400, 'INVALID_INVITATION', 'Invalid invitation'),
      'This invitation is no longer valid',
    ],
  ])('explains %s', async (_code, answer, message) => {
    serve({ 'POST /api/auth/signup': answer });
    const { user } = renderPage('/signup?invitation=inv-123');
    await screen.findByRole('heading', { name: 'Accept your invitation' });
    await fill(user, 'meera@example.com');
    await user.click(screen.getByRole('button', { name: 'Join your organisation' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('asks for 8 characters before sending', async () => {
    const fetchMock = serve({});
    const { user } = renderPage('/signup');
    await screen.findByRole('heading', { name: 'Create an account' });
    await user.type(input(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/auth/signup')).toHaveLength(0);
  });
});

describe('organisation signup', () => {
  const noOrgToken = () => makeToken({ sub: '9', scope: '', exp: Math.floor(Date.now() / 1000) + 900 });

  // Signing in opens the app at /stations: this one renders the whole app.
  it('creates the organisation with the stored token, stores the new pair and opens the app', async () => {
    const token = noOrgToken();
    window.localStorage.setItem(
      'credentials',
      JSON.stringify({ access_token: token, refresh_token: 'r', redirect_url: '/signup/organization' }),
    );
    const answer = { access_token: accessToken('admin'), refresh_token: 'refresh-2' };
    const fetchMock = serve({ 'POST /api/auth/signup/organization': () => jsonResponse(answer, 201) });
    const { user, router } = renderApp('/signup/organization');
    await screen.findByRole('heading', { name: 'Set up your organisation' });
    await user.type(input(/^Organisation name/), 'Iyer Fuels');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/stations'));
    expect(storedCredentials()).toEqual(answer);
    const [[, init]] = callsTo(fetchMock, '/api/auth/signup/organization', 'POST') as [
      [unknown, RequestInit],
    ];
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Iyer Fuels', kind: 'dealer_group' });
    expect(new Headers(init.headers).get('authorization')).toBe(`Bearer ${token}`);
  });

  it('asks to sign in first without a session', async () => {
    serve({});
    renderPage('/signup/organization');
    await screen.findByRole('heading', { name: 'Set up your organisation' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });
});

describe('forgot and reset password', () => {
  it('requests a reset link by email and always answers the same', async () => {
    const fetchMock = serve({
      'PUT /api/auth/password/reset': () => jsonResponse({ status: 'reset_sent' }, 202),
    });
    const { user } = renderPage('/forgot-password?email=member@forecourt.demo');
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect((input(/^Email/) as HTMLInputElement).value).toBe('member@forecourt.demo');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, '/api/auth/password/reset', 'PUT') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ email: 'member@forecourt.demo' });
  });

  it('sets the new password with the link token as the bearer, and signs this browser out', async () => {
    signIn('admin');
    const fetchMock = serve({
      'POST /api/auth/password/reset': () => jsonResponse({ status: 'password_changed' }),
    });
    const { user } = renderPage('/reset-password?token=reset-abc');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(input(/^New password/), 'a-new-passphrase');
    await user.type(input(/^Repeat the new password/), 'a-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, '/api/auth/password/reset', 'POST') as [[unknown, RequestInit]];
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer reset-abc');
    expect(JSON.parse(String(init.body))).toEqual({ password: 'a-new-passphrase' });
    expect(storedCredentials()).toBeNull();
  });

  it('explains an expired link and offers a new one', async () => {
    serve({ 'POST /api/auth/password/reset': () => errorResponse(401, 'INVALID_TOKEN', 'Invalid token') });
    const { user } = renderPage('/reset-password?token=old');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(input(/^New password/), 'a-new-passphrase');
    await user.type(input(/^Repeat the new password/), 'a-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This link has expired or was already used.',
    );
    expect(screen.getByRole('link', { name: 'Send me a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it("shows the server's words for a weak password, and checks the repeat", async () => {
    serve({
      'POST /api/auth/password/reset': () =>
        errorResponse(400, 'WEAK_PASSWORD', 'This password appears in lists of leaked passwords.'),
    });
    const { user } = renderPage('/reset-password?token=t');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(input(/^New password/), 'password123');
    await user.type(input(/^Repeat the new password/), 'password124');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The two passwords differ.')).toBeTruthy();
    await user.clear(input(/^Repeat the new password/));
    await user.type(input(/^Repeat the new password/), 'password123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This password appears in lists of leaked passwords.',
    );
  });
});

describe('email verification', () => {
  it('confirms with the link token as the bearer, once', async () => {
    const fetchMock = serve({
      'POST /api/auth/email/verify': () => jsonResponse({ data: { verified: true }, status: 'verified' }),
    });
    renderPage('/verify-email?token=verify-abc');
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeTruthy();
    const calls = callsTo(fetchMock, '/api/auth/email/verify', 'POST');
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]![1]?.headers).get('authorization')).toBe('Bearer verify-abc');
  });

  it('explains an expired link and, signed in, sends a new one', async () => {
    signIn('admin');
    const fetchMock = serve({
      'POST /api/auth/email/verify': () => errorResponse(401, 'INVALID_TOKEN', 'Invalid token'),
      'POST /api/auth/email/retry-verification': () => jsonResponse({ status: 'verification_sent' }, 202),
    });
    const { user } = renderPage('/verify-email?token=old');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This link has expired or was already used.',
    );
    await user.click(screen.getByRole('button', { name: 'Resend verification' }));
    expect(await screen.findByText(/A new link is on its way/)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/auth/email/retry-verification', 'POST')).toHaveLength(1);
    // The expired mail token was never mistaken for a session problem.
    expect(callsTo(fetchMock, '/api/auth/extend')).toHaveLength(0);
    expect(storedCredentials()).not.toBeNull();
  });

  it('asks a signed-out visitor with an expired link to sign in for a new one', async () => {
    serve({ 'POST /api/auth/email/verify': () => errorResponse(401, 'INVALID_TOKEN', 'Invalid token') });
    renderPage('/verify-email?token=old');
    expect((await screen.findByRole('alert')).textContent).toContain('Sign in to ask for a new link.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});
