import { type TApiError, type TErrorCode, ZApiError } from '@forecourt/contracts';
import type { z } from 'zod';
import { readCredentials } from './credentials';
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

  constructor(init: { status: number; code: TErrorCode; message: string; details?: TApiError['details'] }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
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

/** Builds an {@link ApiError} from a non-2xx response, whatever its body holds. */
export async function parseErrorResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  const parsed = ZApiError.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data;
    return new ApiError({ status: response.status, code, message, details });
  }
  // A JSON body with a message but an unknown code: keep the server's words, derive the code.
  const message =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : fallbackMessage(response.status);
  return new ApiError({ status: response.status, code: codeForStatus(response.status), message });
}

export type TRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: TQueryRecord;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Contract schema of a successful body; checked in development builds and tests only. */
  schema?: z.ZodType<T>;
};

/** Whether successful bodies are checked against their contract schema. */
const VALIDATE_RESPONSES = import.meta.env.DEV;

/**
 * `fetch` for the Forecourt API: JSON in and out, the stored bearer token attached, statuses
 * 200–299 are success (spec §9), anything else throws {@link ApiError}. No default timeout;
 * pass `signal` (TanStack Query does) to cancel.
 */
export async function request<T>(path: string, options: TRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, signal, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const accessToken = readCredentials()?.access_token;
  if (accessToken && !headers.Authorization) headers.Authorization = `Bearer ${accessToken}`;

  const search = query ? encodeQuery(query) : '';
  const url = search ? `${path}?${search}` : path;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'UNAVAILABLE',
      message: 'Could not reach the server. Check the connection and try again.',
    });
  }

  if (!response.ok) throw await parseErrorResponse(response);
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
    if (!parsed.success) throw new ContractError(`${method} ${path}`, parsed.error.issues);
    return parsed.data;
  }
  return json as T;
}

export const http = {
  get: <T>(path: string, options: Omit<TRequestOptions<T>, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'GET' }),
};
