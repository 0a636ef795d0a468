import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callsTo, deferred, errorResponse, jsonResponse, stubFetch } from '../test/fetch-stub';
import { accessToken, signIn, storedCredentials } from '../test/session';
import {
  ApiError,
  AuthTokenAbsentError,
  ContractError,
  http,
  isApiError,
  parseErrorResponse,
  parseRetryAfter,
} from './http';
import { bindNavigation } from './navigation';
import { ensureSession, signOut } from './session';

/** The page the user is on while the calls run; the client navigates it. */
let history: ReturnType<typeof createMemoryHistory>;

function openPage(href: string) {
  history = createMemoryHistory({ initialEntries: [href] });
  bindNavigation(history);
}

beforeEach(() => openPage('/stations/baner-road/metrics?from=2024-01-01#chart'));
afterEach(() => bindNavigation(null));

const loginRedirect = () => {
  const url = new URL(history.location.href, 'http://localhost');
  return { pathname: url.pathname, redirectUrl: url.searchParams.get('redirect_url'), url };
};

const bearerOf = (headers: Headers) => headers.get('authorization')?.replace(/^Bearer /, '');

describe('parseErrorResponse', () => {
  it('reads the API error shape', async () => {
    const response = jsonResponse(
      {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Invalid querystring: limit must be at most 200',
        details: [{ path: 'limit', message: 'must be at most 200' }],
      },
      400,
    );
    const error = await parseErrorResponse(response);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid querystring: limit must be at most 200',
      details: [{ path: 'limit', message: 'must be at most 200' }],
      isClientError: true,
      isTransient: false,
    });
  });

  it('derives the code from the status when the body is not the API shape', async () => {
    const gateway = await parseErrorResponse(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(gateway).toMatchObject({ status: 502, code: 'UNAVAILABLE', isTransient: true });
    expect(gateway.message).toMatch(/unavailable/i);

    const unknownCode = await parseErrorResponse(
      jsonResponse({ code: 'TEAPOT', message: 'Short and stout' }, 404),
    );
    expect(unknownCode).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Short and stout' });
  });

  it('keeps the wait of a retry-after header, in seconds or as a date', async () => {
    const limited = await parseErrorResponse(
      errorResponse(429, 'RATE_LIMITED', 'Too many attempts', { 'retry-after': '90' }),
    );
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 90 });
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
    ).toBe(30);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('public calls (auth entry points)', () => {
  it('encode the query, send JSON headers, no token, and return the body', async () => {
    signIn();
    const fetchMock = stubFetch(() => jsonResponse({ ok: true }));
    const body = await http.get('/api/things', {
      auth: 'none',
      query: { page: 0, q: 'a b', fuels: ['petrol', 'cng'], empty: '', missing: undefined },
    });
    expect(body).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things?page=0&q=a%20b&fuels=petrol,cng');
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
  });

  it('throw ApiError with the server code on an error status', async () => {
    stubFetch(() => errorResponse(401, 'INVALID_CREDENTIALS', 'Email or password is incorrect'));
    const error = await http
      .post('/api/auth/login', { auth: 'none', body: { email: 'a@b.c', password: 'x' } })
      .catch((caught: unknown) => caught);
    expect(isApiError(error, 'INVALID_CREDENTIALS')).toBe(true);
    expect(error).toMatchObject({ status: 401 });
  });

  it('report an unreachable server as a transient ApiError with status 0', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await http.get('/api/health', { auth: 'none' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'UNAVAILABLE', isTransient: true });
  });

  it('check a successful body against its contract schema in development', async () => {
    stubFetch(() => jsonResponse({ count: 'many' }));
    const error = await http
      .get('/api/stations', { auth: 'none', schema: z.object({ count: z.number() }) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).issues[0]?.path).toEqual(['count']);
  });

  it('send a mail link token as the bearer, and never refresh when it is refused', async () => {
    signIn();
    const fetchMock = stubFetch(() => errorResponse(401, 'INVALID_TOKEN', 'Expired'));
    const error = await http
      .post('/api/auth/email/verify', { auth: { bearer: 'mail-token' } })
      .catch((caught: unknown) => caught);
    expect(isApiError(error, 'INVALID_TOKEN')).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bearerOf(new Headers(fetchMock.mock.calls[0]![1]?.headers))).toBe('mail-token');
    expect(storedCredentials()).not.toBeNull();
  });
});

describe('authenticated calls', () => {
  it('read the credentials afresh for every call', async () => {
    const seen: (string | undefined)[] = [];
    stubFetch(({ headers }) => {
      seen.push(bearerOf(headers));
      return jsonResponse({});
    });
    const first = signIn('admin');
    await http.get('/api/auth/me');
    const second = signIn('member');
    await http.get('/api/auth/me');
    expect(seen).toEqual([first.access_token, second.access_token]);
  });

  it.each([
    ['nothing is stored', null],
    ['the stored credentials do not parse', '{"access_token":'],
  ])('are cancelled with "Auth token absent" when %s: session cleared, off to /login', async (_case, raw) => {
    if (raw !== null) window.localStorage.setItem('credentials', raw);
    const fetchMock = stubFetch(() => jsonResponse({}));
    const error = await http.get('/api/stations').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthTokenAbsentError);
    expect((error as Error).message).toBe('Auth token absent');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('credentials')).toBeNull();
    expect(history.location.href).toBe('/login');
  });

  it('renew the session once on a 401 and retry the call once with the new token', async () => {
    const old = signIn('admin', { refreshToken: 'refresh-1' });
    const fresh = accessToken('admin');
    const fetchMock = stubFetch(({ url, method, headers, body }) => {
      if (url.pathname === '/api/auth/extend') {
        expect(method).toBe('PUT');
        expect(body).toEqual({ refresh_token: 'refresh-1' });
        expect(headers.has('authorization')).toBe(false);
        return jsonResponse({ access_token: fresh, refresh_token: 'refresh-2' });
      }
      return bearerOf(headers) === fresh
        ? jsonResponse({ count: 1 })
        : errorResponse(401, 'UNAUTHENTICATED', 'Token expired');
    });

    await expect(http.get('/api/stations')).resolves.toEqual({ count: 1 });

    expect(callsTo(fetchMock, '/api/auth/extend')).toHaveLength(1);
    const stationCalls = callsTo(fetchMock, '/api/stations');
    expect(stationCalls.map(([, init]) => bearerOf(new Headers(init?.headers)))).toEqual([
      old.access_token,
      fresh,
    ]);
    expect(storedCredentials()).toEqual({ access_token: fresh, refresh_token: 'refresh-2' });
    expect(history.location.pathname).toBe('/stations/baner-road/metrics');
  });

  it('give up after one retry: a second 401 ends the session instead of refreshing again', async () => {
    signIn();
    const fetchMock = stubFetch(({ url }) =>
      url.pathname === '/api/auth/extend'
        ? jsonResponse({ access_token: accessToken(), refresh_token: 'refresh-2' })
        : errorResponse(401, 'UNAUTHENTICATED', 'Nope'),
    );
    const error = await http.get('/api/stations').catch((caught: unknown) => caught);
    expect(isApiError(error, 'UNAUTHENTICATED')).toBe(true);
    expect(callsTo(fetchMock, '/api/auth/extend')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/stations')).toHaveLength(2);
    expect(storedCredentials()).toBeNull();
    expect(loginRedirect().pathname).toBe('/login');
  });

  it('share one refresh between concurrent 401s', async () => {
    signIn();
    const fresh = accessToken('admin');
    const extend = deferred<Response>();
    const fetchMock = stubFetch(({ url, headers }) => {
      if (url.pathname === '/api/auth/extend') return extend.promise;
      return bearerOf(headers) === fresh
        ? jsonResponse({ path: url.pathname })
        : errorResponse(401, 'UNAUTHENTICATED', 'Token expired');
    });

    const calls = Promise.all([
      http.get('/api/stations'),
      http.get('/api/incidents'),
      http.get('/api/vehicles'),
      http.get('/api/auth/me'),
    ]);
    await expect.poll(() => callsTo(fetchMock, '/api/auth/extend').length).toBe(1);
    // Give every 401 time to arrive while the refresh is still out.
    await new Promise((resolve) => setTimeout(resolve, 10));
    extend.resolve(jsonResponse({ access_token: fresh, refresh_token: 'refresh-2' }));

    await expect(calls).resolves.toEqual([
      { path: '/api/stations' },
      { path: '/api/incidents' },
      { path: '/api/vehicles' },
      { path: '/api/auth/me' },
    ]);
    expect(callsTo(fetchMock, '/api/auth/extend')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(4 * 2 + 1);
  });

  it('retry without refreshing when the token was renewed while the call was out (another call, another tab)', async () => {
    const old = signIn();
    const renewed = accessToken('admin');
    const fetchMock = stubFetch(({ url, headers }) => {
      if (url.pathname === '/api/auth/extend') return errorResponse(401, 'INVALID_TOKEN', 'Reused');
      if (bearerOf(headers) === old.access_token) {
        // Another tab renews the pair before this answer arrives.
        window.localStorage.setItem(
          'credentials',
          JSON.stringify({ access_token: renewed, refresh_token: 'r2' }),
        );
        return errorResponse(401, 'UNAUTHENTICATED', 'Token expired');
      }
      return jsonResponse({ ok: true });
    });
    await expect(http.get('/api/stations')).resolves.toEqual({ ok: true });
    expect(callsTo(fetchMock, '/api/auth/extend')).toHaveLength(0);
    expect(bearerOf(new Headers(fetchMock.mock.calls[1]![1]?.headers))).toBe(renewed);
  });

  it('end the session when the refresh is refused: cleared, /login?redirect_url=<this page>, once', async () => {
    signIn();
    const fetchMock = stubFetch(({ url }) =>
      url.pathname === '/api/auth/extend'
        ? errorResponse(401, 'INVALID_TOKEN', 'Refresh token expired')
        : errorResponse(401, 'UNAUTHENTICATED', 'Token expired'),
    );
    const results = await Promise.allSettled([http.get('/api/stations'), http.get('/api/incidents')]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect(isApiError((result as PromiseRejectedResult).reason, 'UNAUTHENTICATED')).toBe(true);
    }
    expect(callsTo(fetchMock, '/api/auth/extend')).toHaveLength(1);
    expect(storedCredentials()).toBeNull();
    expect(loginRedirect().pathname).toBe('/login');
    expect(loginRedirect().redirectUrl).toBe('/stations/baner-road/metrics?from=2024-01-01#chart');
    // One navigation, not one per failed call: the history holds the page and the login page.
    expect(history.length).toBe(2);
  });

  it('end the session when the refresh answer holds no tokens', async () => {
    signIn();
    stubFetch(({ url }) =>
      url.pathname === '/api/auth/extend'
        ? jsonResponse({ status: 'ok' })
        : errorResponse(401, 'UNAUTHENTICATED', 'Token expired'),
    );
    await expect(http.get('/api/stations')).rejects.toBeInstanceOf(ApiError);
    expect(storedCredentials()).toBeNull();
    expect(loginRedirect().pathname).toBe('/login');
  });

  it('leave out redirect_url when the session ends on a public page', async () => {
    openPage('/signup/organization');
    signIn();
    stubFetch(({ url }) =>
      url.pathname === '/api/auth/extend'
        ? errorResponse(401, 'INVALID_TOKEN', 'Refresh token expired')
        : errorResponse(401, 'UNAUTHENTICATED', 'Token expired'),
    );
    await expect(http.post('/api/auth/signup/organization', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(history.location.href).toBe('/login');
  });

  it.each([
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch')), 0],
    ['the server fails', () => Promise.resolve(errorResponse(503, 'UNAVAILABLE', 'Shutting down')), 503],
  ])('keep the session when a refresh cannot be asked because %s', async (_case, answer, status) => {
    const credentials = signIn();
    const fetchMock = stubFetch(({ url }) =>
      url.pathname === '/api/auth/extend' ? answer() : errorResponse(401, 'UNAUTHENTICATED', 'Token expired'),
    );
    const error = await http.get('/api/stations').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status, isTransient: true });
    expect(storedCredentials()).toEqual(credentials);
    expect(history.location.pathname).toBe('/stations/baner-road/metrics');
    expect(callsTo(fetchMock, '/api/stations')).toHaveLength(1);
  });

  it('do not refresh on other errors', async () => {
    signIn();
    const fetchMock = stubFetch(() => errorResponse(403, 'FORBIDDEN', 'Missing grant members:r'));
    await expect(http.get('/api/members')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('signOut', () => {
  it('calls PUT /api/auth/logout with the token and an empty body, clears and goes to /login?logout=true', async () => {
    const credentials = signIn();
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await signOut();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBeUndefined();
    expect(bearerOf(new Headers(init?.headers))).toBe(credentials.access_token);
    expect(storedCredentials()).toBeNull();
    expect(history.location.href).toBe('/login?logout=true');
  });

  it.each([
    ['fails', () => Promise.resolve(errorResponse(500, 'INTERNAL', 'Boom'))],
    ['cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('signs out all the same when the server %s', async (_case, answer) => {
    signIn();
    stubFetch(() => answer());
    await signOut();
    expect(storedCredentials()).toBeNull();
    expect(history.location.href).toBe('/login?logout=true');
  });

  it('goes to /login?logout=true (not redirect_url) when the session had already ended on the server', async () => {
    signIn();
    const fetchMock = stubFetch(({ url }) =>
      url.pathname === '/api/auth/extend'
        ? errorResponse(401, 'INVALID_TOKEN', 'Revoked')
        : errorResponse(401, 'UNAUTHENTICATED', 'Revoked'),
    );
    await signOut();
    expect(callsTo(fetchMock, '/api/auth/extend')).toHaveLength(1);
    expect(storedCredentials()).toBeNull();
    expect(history.location.href).toBe('/login?logout=true');
  });

  it('needs no call when nothing is stored', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await signOut();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(history.location.href).toBe('/login?logout=true');
  });
});

describe('ensureSession (the app shell guard)', () => {
  it('accepts a live token without asking the server', async () => {
    signIn();
    const fetchMock = stubFetch(() => jsonResponse({}));
    await expect(ensureSession()).resolves.toBe('active');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renews an expired access token silently', async () => {
    signIn('admin', { lifetime: -60, refreshToken: 'refresh-1' });
    const fresh = accessToken();
    const fetchMock = stubFetch(() => jsonResponse({ access_token: fresh, refresh_token: 'refresh-2' }));
    await expect(ensureSession()).resolves.toBe('active');
    expect(callsTo(fetchMock, '/api/auth/extend', 'PUT')).toHaveLength(1);
    expect(storedCredentials()?.access_token).toBe(fresh);
  });

  it('renews when the access token does not decode but a refresh token is stored', async () => {
    window.localStorage.setItem(
      'credentials',
      JSON.stringify({ access_token: 'x', refresh_token: 'refresh-1' }),
    );
    stubFetch(() => jsonResponse({ access_token: accessToken(), refresh_token: 'refresh-2' }));
    const error = console.error;
    console.error = () => {};
    try {
      await expect(ensureSession()).resolves.toBe('active');
    } finally {
      console.error = error;
    }
  });

  it('reports an expired session when the refresh is refused, and clears it', async () => {
    signIn('admin', { lifetime: -60 });
    stubFetch(() => errorResponse(401, 'INVALID_TOKEN', 'Expired'));
    await expect(ensureSession()).resolves.toBe('expired');
    expect(storedCredentials()).toBeNull();
  });

  it('reports signed out when nothing usable is stored, and tidies unparsable leftovers', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await expect(ensureSession()).resolves.toBe('signed-out');
    window.localStorage.setItem('credentials', 'not json');
    await expect(ensureSession()).resolves.toBe('signed-out');
    expect(window.localStorage.getItem('credentials')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps an expired session while the server cannot be reached', async () => {
    const credentials = signIn('admin', { lifetime: -60 });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(ensureSession()).resolves.toBe('active');
    expect(storedCredentials()).toEqual(credentials);
  });
});
