import { InboxHttpError, InboxProtocolError } from './errors';
import { type RetryOptions, withRetry } from './retry';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Repeat on network failures, 408, 429 and 5xx (idempotent requests only). */
  retry?: boolean;
  /** The whole body instead of its `data` field (the feed). */
  fullBody?: boolean;
  signal?: AbortSignal;
};

/** base64 of the UTF-8 JSON of `value` (the feed's `payload` filter). */
export function encodePayload(value: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Query strings as the 2.x clients write them: lists comma-joined, absent values left out. */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

type HttpOptions = { backendUrl: string; fetch?: FetchLike; retry: RetryOptions; prefix?: string };

/**
 * JSON over fetch for `{backendUrl}/v1/widgets` (or another `prefix`): the bearer header when a
 * token is set, the `{data}` envelope unwrapped, 204 as undefined, and errors as
 * {@link InboxHttpError}.
 */
export class HttpClient {
  readonly #options: HttpOptions;
  readonly #base: string;
  readonly #fetch: FetchLike;
  readonly #retry: RetryOptions;
  readonly #auth: { token: string | null };

  constructor(options: HttpOptions, auth: { token: string | null } = { token: null }) {
    this.#options = options;
    this.#base = `${options.backendUrl.replace(/\/+$/, '')}${options.prefix ?? '/v1/widgets'}`;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#retry = options.retry;
    this.#auth = auth;
  }

  /** A client for another prefix of the same server that shares this one's token. */
  withPrefix(prefix: string): HttpClient {
    return new HttpClient({ ...this.#options, prefix }, this.#auth);
  }

  get token(): string | null {
    return this.#auth.token;
  }

  /** Sets or (with null) clears the Authorization header (of every client sharing the token). */
  setToken(token: string | null): void {
    this.#auth.token = token;
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
    const once = () => this.#once(method, path, options);
    return options.retry ? withRetry(once, this.#retry, options.signal) : once();
  }

  async #once(method: string, path: string, options: RequestOptions): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (this.#auth.token) headers.authorization = `Bearer ${this.#auth.token}`;
    const init: RequestInit = { method, headers };
    if (options.body !== undefined) init.body = JSON.stringify(options.body);
    if (options.signal) init.signal = options.signal;
    const response = await this.#fetch(`${this.#base}${path}${toQueryString(options.query)}`, init);
    if (response.status === 204) return undefined;
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      if (!response.ok) throw new InboxHttpError(response.status, response.statusText || 'error');
      throw new InboxProtocolError(`Unexpected response: ${method} ${path} is not JSON`);
    }
    if (!response.ok) {
      const message = (body as { message?: unknown } | undefined)?.message;
      throw new InboxHttpError(
        response.status,
        Array.isArray(message)
          ? message.join(', ')
          : typeof message === 'string'
            ? message
            : response.statusText,
      );
    }
    if (options.fullBody) return body;
    return (body as { data?: unknown } | undefined)?.data;
  }
}
