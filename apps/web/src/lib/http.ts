import { type TApiError, type TErrorCode, ZApiError, ZTokenPair } from '@forecourt/contracts';
import type { z } from 'zod';
import { clearCredentials, readCredentials, saveCredentials } from './credentials';
import { currentAddress, loginHref, navigateTo } from './navigation';
import { encodeQuery, type TQueryRecord } from './query-string';

/**
 * A failed API call. `status` is the HTTP status, or 0 when the server could not be reached.
 * `code` is the stable error code from contracts; branch on it, never on `message`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: TErrorCode;
  readonly details: TApiError['details'];
  /** Seconds to wait before trying again, from a `retry-after` header (429, 503). */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: TErrorCode;
    message: string;
    details?: TApiError['details'];
    retryAfter?: number;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
  }

  /** 4xx: the request itself was refused; sending it again will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  /** Network failure or 5xx: worth another try later. */
  get isTransient(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export function isApiError(error: unknown, code?: TErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/**
 * An authenticated call found no access token: the session was cleared, the app went to /login and
 * the call was never sent ('Auth token absent').
 */
export class AuthTokenAbsentError extends Error {
  override readonly name = 'AuthTokenAbsentError';
  constructor() {
    super('Auth token absent');
  }
}

/** The body did not match the contract: a client/server version mismatch, not a user problem. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  constructor(
    readonly path: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The response of ${path} does not match the expected shape`);
  }
}

/** Code for an error answer whose body is not our error shape (a proxy's 502 page, for example). */
function codeForStatus(status: number): TErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 502:
    case 503:
    case 504:
      return 'UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

function fallbackMessage(status: number): string {
  if (status === 502 || status === 503 || status === 504)
    return 'The server is unavailable. Try again shortly.';
  if (status >= 500) return 'Something went wrong on the server.';
  return `The request was refused (HTTP ${status}).`;
}

/** `retry-after` as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Builds an {@link ApiError} from a non-2xx response, whatever its body holds. */
export async function parseErrorResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const parsed = ZApiError.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data;
    return new ApiError({ status: response.status, code, message, details, retryAfter });
  }
  // A JSON body with a message but an unknown code: keep the server's words, derive the code.
  const message =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : fallbackMessage(response.status);
  return new ApiError({ status: response.status, code: codeForStatus(response.status), message, retryAfter });
}

const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check the connection and try again.';

function networkError(): ApiError {
  return new ApiError({ status: 0, code: 'UNAVAILABLE', message: NETWORK_ERROR_MESSAGE });
}

/** `fetch` that turns "no connection" into an {@link ApiError} with status 0 (and lets aborts through). */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw networkError();
  }
}

// ---------------------------------------------------------------------------------------------
// Renewing the session: one refresh at a time, shared by every call that needs it.

export type TRenewal =
  /** A new token pair was stored (by this call, a concurrent one or another tab). */
  | { kind: 'renewed'; accessToken: string }
  /** The server refused the refresh token: the session is over and the credentials were cleared. */
  | { kind: 'rejected' }
  /** The server could not be asked (no connection, 5xx): the session is kept for a later try. */
  | { kind: 'unavailable'; error: ApiError }
  /** Nothing is stored any more. */
  | { kind: 'absent' };

let renewal: Promise<TRenewal> | null = null;

const REFRESH_LOCK = 'forecourt.session-refresh';

async function extendSession(staleAccessToken: string | undefined): Promise<TRenewal> {
  const current = readCredentials();
  if (!current) return { kind: 'absent' };
  // Another call, or another tab, renewed the pair while this one waited.
  if (staleAccessToken !== undefined && current.access_token !== staleAccessToken)
    return { kind: 'renewed', accessToken: current.access_token };

  let response: Response;
  try {
    response = await fetch('/api/auth/extend', {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: current.refresh_token }),
    });
  } catch {
    return { kind: 'unavailable', error: networkError() };
  }
  if (response.status >= 500 || response.status === 429) {
    return { kind: 'unavailable', error: await parseErrorResponse(response) };
  }
  if (response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const pair = ZTokenPair.safeParse(body);
    if (pair.success) {
      saveCredentials({ ...pair.data, redirect_url: current.redirect_url });
      return { kind: 'renewed', accessToken: pair.data.access_token };
    }
  }
  // Refused (unknown, expired, revoked or reused refresh token), or an answer without tokens:
  // the refresh token is spent either way.
  clearCredentials();
  return { kind: 'rejected' };
}

/** Runs `task` holding a lock shared by every tab of this site, where the browser has them. */
function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

/**
 * Trades the refresh token for a new pair (PUT /api/auth/extend). Concurrent callers share one
 * request; across tabs a Web Lock keeps two tabs from spending the same refresh token (which the
 * server would treat as reuse and revoke). `staleAccessToken` is the token that was refused: if
 * the stored one differs, someone already renewed it and no request is made.
 */
export function renewSession(staleAccessToken?: string): Promise<TRenewal> {
  const current = readCredentials();
  if (!current) return Promise.resolve({ kind: 'absent' });
  if (staleAccessToken !== undefined && current.access_token !== staleAccessToken)
    return Promise.resolve({ kind: 'renewed', accessToken: current.access_token });
  renewal ??= withCrossTabLock(() => extendSession(staleAccessToken)).finally(() => {
    renewal = null;
  });
  return renewal;
}

/** The session is over: clear it and go to /login, with `redirect_url` to come back here. */
function endSession(): void {
  clearCredentials();
  const here = currentAddress();
  if (!here.startsWith('/login')) navigateTo(loginHref({ redirectUrl: here }));
}

/** No token for an authenticated call: clear what is left and go to /login. */
function endAbsentSession(): void {
  clearCredentials();
  if (!currentAddress().startsWith('/login')) navigateTo(loginHref());
}

// ---------------------------------------------------------------------------------------------

export type TRequestAuth =
  /** The stored access token; a 401 renews the session once and retries (the default). */
  | 'session'
  /** No token: the auth entry points (login, signup, extend, password reset request). */
  | 'none'
  /** This token, e.g. the one from a reset or verification mail; a 401 is just an error. */
  | { bearer: string };

export type TRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: TQueryRecord;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Contract schema of a successful body; checked in development builds and tests only. */
  schema?: z.ZodType<T>;
  auth?: TRequestAuth;
  /**
   * What a session that cannot be renewed does: `redirect` (default) clears it and goes to
   * /login?redirect_url=…; `throw` clears it and only throws (sign-out navigates itself).
   */
  onSessionEnd?: 'redirect' | 'throw';
};

/** What a successful call hands back besides the body. */
export type TResponseMeta = { status: number; headers: Headers };

/** Whether successful bodies are checked against their contract schema. */
const VALIDATE_RESPONSES = import.meta.env.DEV;

async function readBody<T>(response: Response, label: string, schema?: z.ZodType<T>): Promise<T> {
  if (response.status === 204) return undefined as T;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError({
      status: response.status,
      code: 'INTERNAL',
      message: 'The server sent a response that is not JSON.',
    });
  }
  if (schema && VALIDATE_RESPONSES) {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ContractError(label, parsed.error.issues);
    return parsed.data;
  }
  return json as T;
}

/**
 * `fetch` for the Forecourt API: JSON in and out, statuses 200–299 are success,
 * anything else throws {@link ApiError}. No default timeout; pass `signal` (TanStack Query does)
 * to cancel. With `auth: 'session'` the credentials are read afresh for every call; a missing
 * token cancels the call with 'Auth token absent'; a 401 renews the session once (shared with
 * every concurrent 401) and retries the call once with the new token.
 */
export async function requestWithMeta<T>(
  path: string,
  options: TRequestOptions<T> = {},
): Promise<{ data: T; meta: TResponseMeta }> {
  const { method = 'GET', query, body, signal, schema, auth = 'session' } = options;
  const search = query ? encodeQuery(query) : '';
  const url = search ? `${path}?${search}` : path;
  const init = (token: string | undefined): RequestInit => {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    return { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal };
  };

  let response: Response;
  if (auth === 'none' || typeof auth === 'object') {
    response = await send(url, init(auth === 'none' ? undefined : auth.bearer));
  } else {
    const token = readCredentials()?.access_token;
    if (!token) {
      endAbsentSession();
      throw new AuthTokenAbsentError();
    }
    response = await send(url, init(token));
    if (response.status === 401) {
      const refused = response;
      const outcome = await renewSession(token);
      if (outcome.kind === 'unavailable') throw outcome.error;
      if (outcome.kind === 'renewed') response = await send(url, init(outcome.accessToken));
      // Still refused with a fresh token, or no way to get one: the session is over.
      if (outcome.kind !== 'renewed' || response.status === 401) {
        const error = await parseErrorResponse(outcome.kind === 'renewed' ? response : refused);
        if (options.onSessionEnd === 'throw') clearCredentials();
        else endSession();
        throw error;
      }
    }
  }

  if (!response.ok) throw await parseErrorResponse(response);
  const data = await readBody(response, `${method} ${path}`, schema);
  return { data, meta: { status: response.status, headers: response.headers } };
}

export async function request<T>(path: string, options: TRequestOptions<T> = {}): Promise<T> {
  return (await requestWithMeta(path, options)).data;
}

type TBodyless<T> = Omit<TRequestOptions<T>, 'method' | 'body'>;
type TWithBody<T> = Omit<TRequestOptions<T>, 'method'>;

export const http = {
  get: <T>(path: string, options: TBodyless<T> = {}) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, options: TWithBody<T> = {}) => request<T>(path, { ...options, method: 'POST' }),
  put: <T>(path: string, options: TWithBody<T> = {}) => request<T>(path, { ...options, method: 'PUT' }),
  patch: <T>(path: string, options: TWithBody<T> = {}) => request<T>(path, { ...options, method: 'PATCH' }),
  delete: <T = void>(path: string, options: TBodyless<T> = {}) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * `fetch` with the session's bearer token for the calls whose bodies are not JSON (file upload,
 * file and CSV downloads); a 401 renews the session once and retries, as the JSON client does.
 */
export async function authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const token = readCredentials()?.access_token;
  if (!token) throw new AuthTokenAbsentError();
  const send = (bearer: string) =>
    fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${bearer}` },
    });
  let response = await send(token);
  if (response.status === 401) {
    const renewal = await renewSession(token);
    if (renewal.kind === 'renewed') response = await send(renewal.accessToken);
  }
  if (!response.ok) throw await parseErrorResponse(response);
  return response;
}
