// A provider callback that signs in redirects into the app: those two tests render the whole app.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route as LoginPage } from '../../routes/auth/login.lazy';
import { Route as CallbackPage } from '../../routes/auth/oauth-callback.lazy';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { renderPageAt } from '../../test/render-screen';
import { accessToken, makeToken, storedCredentials, withMe } from '../../test/session';

function serve(providers: string[], callback?: () => Response) {
  return stubFetch(
    withMe((request) => {
      if (request.url.pathname === '/api/auth/providers') return jsonResponse({ providers });
      if (request.url.pathname.startsWith('/api/auth/oauth/') && callback) return callback();
      return jsonResponse({ count: 0, pages: 0, results: [] });
    }),
  );
}

describe('sign in with Google or GitHub', () => {
  it('shows a button per configured provider that starts the flow, keeping redirect_url', async () => {
    serve(['google', 'github']);
    renderPageAt('/login?redirect_url=/incidents', [{ page: LoginPage }]);
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe('/api/auth/oauth/google/start?redirect_url=%2Fincidents');
    expect(screen.getByRole('link', { name: 'Continue with GitHub' }).getAttribute('href')).toBe(
      '/api/auth/oauth/github/start?redirect_url=%2Fincidents',
    );
  });

  it('shows no provider buttons when none is configured', async () => {
    const fetchMock = serve([]);
    renderPageAt('/login', [{ page: LoginPage }]);
    await screen.findByRole('heading', { name: 'Sign in to Forecourt' });
    await waitFor(() => expect(callsTo(fetchMock, '/api/auth/providers')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });

  it('posts the provider answer once, stores the session and opens the asked page', async () => {
    const answer = { access_token: accessToken('admin'), refresh_token: 'r-1', redirect_url: '/incidents' };
    const fetchMock = serve([], () => jsonResponse(answer));
    const { router } = renderApp('/login/oauth/google?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents'));
    const calls = callsTo(fetchMock, '/api/auth/oauth/google/callback', 'POST');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ query: '?code=abc&state=xyz' });
    expect(storedCredentials()).toEqual(answer);
  });

  it('sends a first-time user without an organisation to organisation signup', async () => {
    const noOrg = {
      access_token: makeToken({ sub: '9', scope: '', exp: Math.floor(Date.now() / 1000) + 900 }),
      refresh_token: 'r-9',
    };
    serve([], () => jsonResponse(noOrg, 200, { 'x-organization-missing': 'true' }));
    const { router } = renderApp('/login/oauth/github?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/organization'));
  });

  it('explains a refused consent and links back to sign in', async () => {
    serve([], () =>
      errorResponse(
        400,
        'OAUTH_ACCESS_DENIED',
        'You did not allow Forecourt to use your account. Nothing was changed.',
      ),
    );
    renderPageAt('/login/oauth/google?error=access_denied&state=xyz', [{ page: CallbackPage }]);
    expect((await screen.findByRole('alert')).textContent).toContain('You did not allow Forecourt');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(storedCredentials()).toBeNull();
  });
});
