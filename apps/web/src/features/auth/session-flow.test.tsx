// Whole app on purpose: session checks, renewal, expiry and sign-out happen in the shell route and move between pages.
import { ROLE_SCOPES, type TStationList } from '@forecourt/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { accessToken, ME, makeToken, signIn, storedCredentials, withMe } from '../../test/session';

const LIST: TStationList = { count: 0, pages: 0, results: [] };

const bearerOf = (headers: Headers) => headers.get('authorization')?.replace(/^Bearer /, '');

describe('the app shell guard', () => {
  it('sends a visitor without a session to /login, keeping a deep link as redirect_url', async () => {
    const fetchMock = stubFetch(() => jsonResponse(LIST));
    const home = renderApp('/');
    await waitFor(() => expect(home.router.state.location.href).toBe('/login'));
    home.unmount();

    const deep = renderApp('/stations/baner-road/metrics');
    await waitFor(() => expect(deep.router.state.location.pathname).toBe('/login'));
    expect(deep.router.state.location.search).toEqual({ redirect_url: '/stations/baner-road/metrics' });
    // Nobody was signed in: nothing expired, so the page does not say so.
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText(/session expired/i)).toBeNull();
    // Only the public list of sign-in providers (for the provider buttons) is asked for.
    expect(
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/auth/providers'),
    ).toEqual([]);
  });

  it('keeps the session across a reload (a new app on the same storage)', async () => {
    signIn('admin');
    stubFetch(withMe(() => jsonResponse(LIST)));
    const first = renderApp('/stations');
    expect(await screen.findByText('No stations yet')).toBeTruthy();
    first.unmount();
    const second = renderApp('/stations');
    expect(await screen.findByText('No stations yet')).toBeTruthy();
    expect(second.router.state.location.pathname).toBe('/stations');
  });

  it('renews an expired access token before showing the page', async () => {
    signIn('admin', { lifetime: -30, refreshToken: 'refresh-1' });
    const fresh = accessToken('admin');
    const fetchMock = stubFetch(
      withMe(({ url, headers }) => {
        if (url.pathname === '/api/auth/extend')
          return jsonResponse({ access_token: fresh, refresh_token: 'refresh-2' });
        return bearerOf(headers) === fresh
          ? jsonResponse(LIST)
          : errorResponse(401, 'UNAUTHENTICATED', 'Expired');
      }),
    );
    const { router } = renderApp('/stations');
    expect(await screen.findByText('No stations yet')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/stations');
    expect(callsTo(fetchMock, '/api/auth/extend')).toHaveLength(1);
    expect(storedCredentials()).toEqual({ access_token: fresh, refresh_token: 'refresh-2' });
  });

  it('renews on a 401 while a page loads and retries the call', async () => {
    const old = signIn('admin');
    const fresh = accessToken('admin');
    const fetchMock = stubFetch(
      withMe(({ url, headers }) => {
        if (url.pathname === '/api/auth/extend')
          return jsonResponse({ access_token: fresh, refresh_token: 'refresh-2' });
        return bearerOf(headers) === old.access_token
          ? errorResponse(401, 'UNAUTHENTICATED', 'Revoked')
          : jsonResponse(LIST);
      }),
    );
    renderApp('/stations');
    expect(await screen.findByText('No stations yet')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/auth/extend')).toHaveLength(1);
  });

  it('sends an expired session to /login?redirect_url, then back to the page after signing in', async () => {
    window.localStorage.setItem(
      'credentials',
      JSON.stringify({
        access_token: makeToken({ sub: '1', scope: ROLE_SCOPES.admin, exp: 1, org: 1 }),
        refresh_token: 'spent',
      }),
    );
    const fetchMock = stubFetch(
      withMe(({ url }) => {
        if (url.pathname === '/api/auth/extend') return errorResponse(401, 'INVALID_TOKEN', 'Expired');
        if (url.pathname === '/api/auth/login')
          return jsonResponse({ access_token: accessToken('admin'), refresh_token: 'refresh-new' });
        return jsonResponse(LIST);
      }),
    );
    const { router, user } = renderApp('/incidents?from=today');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({ redirect_url: '/incidents?from=today' });
    expect(router.state.location.href).toContain('expired=true');
    expect(await screen.findByText('Your session expired, sign in again.')).toBeTruthy();
    expect(storedCredentials()).toBeNull();

    await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), 'admin@forecourt.demo');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'forecourt-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.href).toBe('/incidents?from=today'));
    expect(callsTo(fetchMock, '/api/auth/login')).toHaveLength(1);
  });

  it('signs out everywhere from the profile menu: PUT /api/auth/logout, cleared, /login?logout=true', async () => {
    const credentials = signIn('admin');
    const fetchMock = stubFetch(
      withMe(({ url }) =>
        url.pathname === '/api/auth/logout' ? new Response(null, { status: 204 }) : jsonResponse(LIST),
      ),
    );
    const { router, user } = renderApp('/stations');
    await user.click(
      await screen.findByRole('button', { name: 'Account: Asha Kulkarni (AK)' }, { timeout: 15_000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));

    await waitFor(() => expect(router.state.location.href).toBe('/login?logout=true'));
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
    expect(storedCredentials()).toBeNull();
    const [logout] = callsTo(fetchMock, '/api/auth/logout', 'PUT');
    expect(bearerOf(new Headers(logout![1]?.headers))).toBe(credentials.access_token);
    expect(logout![1]?.body ?? null).toBeNull();
  });

  it('signs out on this device only, naming its session by the refresh token', async () => {
    const credentials = signIn('admin');
    const fetchMock = stubFetch(
      withMe(({ url }) =>
        url.pathname === '/api/auth/logout' ? new Response(null, { status: 204 }) : jsonResponse(LIST),
      ),
    );
    const { router, user } = renderApp('/stations');
    await user.click(await screen.findByRole('button', { name: 'Account: Asha Kulkarni (AK)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out on this device' }));

    await waitFor(() => expect(router.state.location.href).toBe('/login?logout=true'));
    expect(storedCredentials()).toBeNull();
    const [logout] = callsTo(fetchMock, '/api/auth/logout', 'PUT');
    expect(JSON.parse(String(logout![1]?.body))).toEqual({
      scope: 'device',
      refresh_token: credentials.refresh_token,
    });
  });

  it('signs out even when the logout call fails', async () => {
    signIn('admin');
    stubFetch(
      withMe(({ url }) =>
        url.pathname === '/api/auth/logout' ? errorResponse(500, 'INTERNAL', 'Boom') : jsonResponse(LIST),
      ),
    );
    const { router, user } = renderApp('/stations');
    await user.click(await screen.findByRole('button', { name: /^Account/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.href).toBe('/login?logout=true'));
    expect(storedCredentials()).toBeNull();
  });

  it('follows a sign-out in another tab', async () => {
    signIn('admin');
    stubFetch(withMe(() => jsonResponse(LIST)));
    const { router } = renderApp('/stations');
    expect(await screen.findByText('No stations yet')).toBeTruthy();
    act(() => {
      window.localStorage.removeItem('credentials');
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'credentials', newValue: null, storageArea: window.localStorage }),
      );
    });
    await waitFor(() => expect(router.state.location.href).toBe('/login?logout=true'));
  });

  it('empties the query cache when another user signs in', async () => {
    signIn('admin');
    stubFetch(withMe(() => jsonResponse(LIST)));
    const { queryClient } = renderApp('/stations');
    expect(await screen.findByText('No stations yet')).toBeTruthy();
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);
    act(() => {
      signIn('member');
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'credentials', newValue: 'x', storageArea: window.localStorage }),
      );
    });
    await waitFor(() =>
      expect(queryClient.getQueryCache().find({ queryKey: ['session', 'me', '1'] })).toBeUndefined(),
    );
  });
});

describe('the profile menu', () => {
  it('shows name, email, organisation and role, with Mailbox and Sign out', async () => {
    signIn('admin');
    stubFetch(withMe(() => jsonResponse(LIST)));
    const { user } = renderApp('/stations');
    await user.click(await screen.findByRole('button', { name: 'Account: Asha Kulkarni (AK)' }));
    const summary = await screen.findByTestId('profile-summary');
    expect(within(summary).getByText('Asha Kulkarni')).toBeTruthy();
    expect(within(summary).getByText('admin@forecourt.demo')).toBeTruthy();
    expect(within(summary).getByText('Sahyog Fuels')).toBeTruthy();
    expect(within(summary).getByText('Admin')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Mailbox' }).getAttribute('href')).toBe('/mailbox');
  });

  it('asks an unverified user to confirm the address, and resends the link', async () => {
    signIn('admin');
    const fetchMock = stubFetch(
      withMe(
        ({ url }) =>
          url.pathname === '/api/auth/email/retry-verification'
            ? jsonResponse({ status: 'verification_sent' }, 202)
            : jsonResponse(LIST),
        { ...ME.admin, emailVerified: false },
      ),
    );
    const { user } = renderApp('/stations');
    const banner = await screen.findByTestId('verify-email-banner');
    expect(banner.textContent).toContain('admin@forecourt.demo');
    await user.click(await within(banner).findByRole('button', { name: 'Resend verification' }));
    expect(await within(banner).findByText(/A new link is on its way/)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/auth/email/retry-verification', 'POST')).toHaveLength(1);
  });
});
