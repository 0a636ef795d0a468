// Mostly whole app on purpose: signing in redirects into the app (redirect_url, default_redirect,
// organisation signup) and /login redirects a signed-in visitor; the form's own answers use the page alone.
import type { TStationList } from '@forecourt/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route as LoginPage } from '../../routes/auth/login.lazy';
import { errorResponse, jsonResponse, stubFetch, type TFetchHandler } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { renderPageAt } from '../../test/render-screen';
import { accessToken, makeToken, signIn, storedCredentials, withMe } from '../../test/session';

const EMPTY_LIST: TStationList = { count: 0, pages: 0, results: [] };

/** The API behind the login form: `login` answers POST /api/auth/login; the app's pages get empty lists. */
function serve(login: TFetchHandler) {
  return stubFetch(
    withMe((request) => {
      if (request.url.pathname === '/api/auth/login') return login(request);
      return jsonResponse(EMPTY_LIST);
    }),
  );
}

async function submit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), email);
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Renders the app at a /login address and waits for the (lazily loaded) form. */
async function openLogin(path: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in to Forecourt' });
  return view;
}

/** The login page alone, signed out (no redirect to run), for what the form itself answers. */
async function openLoginForm() {
  const view = renderPageAt('/login', [{ page: LoginPage }]);
  await screen.findByRole('heading', { name: 'Sign in to Forecourt' });
  return view;
}

const tokens = () => ({ access_token: accessToken('admin'), refresh_token: 'refresh-1' });

describe('the login page', () => {
  it('signs in, stores the credentials and opens the station list', async () => {
    const answer = tokens();
    const fetchMock = serve(() => jsonResponse(answer));
    const { user, router } = await openLogin('/login');
    await submit(user, 'Admin@Forecourt.demo ', 'forecourt-demo');

    await waitFor(() => expect(router.state.location.pathname).toBe('/stations'));
    expect(storedCredentials()).toEqual(answer);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'admin@forecourt.demo',
      password: 'forecourt-demo',
    });
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
  });

  it('goes back to redirect_url after signing in, and says the session expired', async () => {
    serve(() => jsonResponse(tokens()));
    const { user, router } = await openLogin('/login?redirect_url=/incidents?page=2&expired=true');
    expect(screen.getByText('Your session expired, sign in again.')).toBeTruthy();
    await submit(user, 'admin@forecourt.demo', 'forecourt-demo');
    await waitFor(() => expect(router.state.location.href).toBe('/incidents?page=2'));
  });

  it.each([
    ['an absolute URL', 'https://evil.example/steal'],
    ['a protocol-relative URL', '//evil.example/steal'],
  ])('ignores a redirect_url that is %s', async (_case, target) => {
    serve(() => jsonResponse(tokens()));
    const { user, router } = await openLogin(`/login?redirect_url=${encodeURIComponent(target)}`);
    await submit(user, 'admin@forecourt.demo', 'forecourt-demo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/stations'));
  });

  it('uses the stored default_redirect when no redirect_url is given', async () => {
    window.localStorage.setItem('default_redirect', '/vehicles');
    serve(() => jsonResponse(tokens()));
    const { user, router } = await openLoginForm();
    await submit(user, 'admin@forecourt.demo', 'forecourt-demo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/vehicles'));
  });

  it('sends a user without an organisation to organisation signup (org-missing header)', async () => {
    const noOrg = {
      access_token: makeToken({ sub: '9', scope: '', exp: Math.floor(Date.now() / 1000) + 900 }),
      refresh_token: 'refresh-9',
    };
    serve(() => jsonResponse(noOrg, 200, { 'x-organization-missing': 'true' }));
    const { user, router } = await openLogin('/login?redirect_url=/incidents');
    await submit(user, 'new@example.com', 'a-long-password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/organization'));
    expect(storedCredentials()).toEqual({ ...noOrg, redirect_url: '/signup/organization' });
    expect(await screen.findByRole('heading', { name: 'Set up your organisation' })).toBeTruthy();

    // The rest of the app sends them back here until the organisation exists.
    await router.navigate({ to: '/stations' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/organization'));
  });

  it('shows "You have signed out" after sign-out', async () => {
    serve(() => jsonResponse(tokens()));
    await openLogin('/login?logout=true');
    expect(screen.getByText('You have signed out.')).toBeTruthy();
    expect(screen.queryByText(/session expired/)).toBeNull();
  });

  it.each([
    [
      'wrong credentials',
      () => errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid credentials'),
      'Email or password is incorrect.',
    ],
    [
      'a disabled account',
      () => errorResponse(403, 'ACCOUNT_DISABLED', 'Disabled'),
      'This account has been disabled. Ask an admin of your organisation to enable it again.',
    ],
    [
      'an unreachable server',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Could not reach Forecourt. Check your connection and try again.',
    ],
    [
      'a server fault',
      () => errorResponse(500, 'INTERNAL', 'Internal error'),
      'Something went wrong on our side. Try again in a moment.',
    ],
  ])('explains %s', async (_case, answer, message) => {
    serve(answer);
    const { user, router } = await openLoginForm();
    await submit(user, 'admin@forecourt.demo', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(router.state.location.pathname).toBe('/login');
    expect(storedCredentials()).toBeNull();
  });

  it('offers a password reset after wrong credentials', async () => {
    serve(() => errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid credentials'));
    const { user } = await openLoginForm();
    await submit(user, 'admin@forecourt.demo', 'wrong-password');
    const link = await screen.findByRole('link', { name: 'Reset your password' });
    expect(link.getAttribute('href')).toBe('/forgot-password?email=admin@forecourt.demo');
  });

  it('says how long to wait when rate limited, and holds the button until then', async () => {
    serve(() => errorResponse(429, 'RATE_LIMITED', 'Too many attempts', { 'retry-after': '90' }));
    const { user } = await openLoginForm();
    await submit(user, 'admin@forecourt.demo', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts. Try again in 1 minute 30 seconds.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(true);
  });

  it('checks the fields before asking the server', async () => {
    const fetchMock = serve(() => jsonResponse(tokens()));
    const { user } = await openLoginForm();
    await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    // Only the public list of sign-in providers (for the provider buttons) is asked for.
    expect(
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/auth/providers'),
    ).toEqual([]);
  });

  it('fills the form from the demo accounts', async () => {
    serve(() => jsonResponse(tokens()));
    const { user } = await openLoginForm();
    await user.click(screen.getByText('Demo accounts'));
    await user.click(screen.getByRole('button', { name: 'Use member@forecourt.demo' }));
    expect((screen.getByLabelText(/^Email/, { selector: 'input' }) as HTMLInputElement).value).toBe(
      'member@forecourt.demo',
    );
    expect((screen.getByLabelText(/^Password/, { selector: 'input' }) as HTMLInputElement).value).toBe(
      'forecourt-demo',
    );
  });

  it('sends a signed-in visitor straight on', async () => {
    signIn('admin');
    serve(() => jsonResponse(tokens()));
    const { router } = renderApp('/login?redirect_url=/incidents');
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents'));
  });
});
