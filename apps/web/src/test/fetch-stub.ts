import { vi } from 'vitest';

/**
 * Replaces `fetch`, the app's only boundary with the server. The handler sees a parsed URL and
 * answers with a Response; every call is recorded on the returned mock.
 */
export type TFetchHandler = (request: {
  url: URL;
  method: string;
  headers: Headers;
}) => Response | Promise<Response>;

export function stubFetch(handler: TFetchHandler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    return handler({ url, method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API's error shape. */
export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse({ statusCode: status, code, message }, status);
}
