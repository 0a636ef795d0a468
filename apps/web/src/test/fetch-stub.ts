import { vi } from 'vitest';

/**
 * Replaces `fetch`, the app's only boundary with the server. The handler sees a parsed URL, the
 * method, headers and the JSON body (if any) and answers with a Response; every call is recorded
 * on the returned mock.
 */
export type TFetchRequest = {
  url: URL;
  method: string;
  headers: Headers;
  /** The parsed JSON body, or undefined. */
  body: unknown;
};
export type TFetchHandler = (request: TFetchRequest) => Response | Promise<Response>;

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export function stubFetch(handler: TFetchHandler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    return handler({
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: parseBody(init?.body),
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The API's error shape. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse({ statusCode: status, code, message }, status, headers);
}

/** The recorded calls whose path is `pathname` (and method, if given). */
export function callsTo(mock: ReturnType<typeof stubFetch>, pathname: string, method?: string) {
  return mock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname === pathname && (!method || (init?.method ?? 'GET') === method);
  });
}

/** A promise and the functions that settle it, to hold a stubbed answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
