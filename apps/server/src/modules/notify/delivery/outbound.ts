import { DELIVERY_TIMEOUT_MS } from './http';
import { DeliveryError, type VendorAnswer, type VendorHttp, type VendorRequest } from './vendor';

/** Vendor answers are read up to this many characters. */
const MAX_ANSWER_CHARS = 64 * 1024;

export type VendorHttpOptions = { timeoutMs?: number };

/** Why a request did not complete, without the URL (URLs can carry credentials). */
function reason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return `connection failed (${cause.code})`;
  return error instanceof Error ? error.message : 'request failed';
}

function bodyOf(request: VendorRequest): { body?: string | Uint8Array; type?: string } {
  if (request.json !== undefined) return { body: JSON.stringify(request.json), type: 'application/json' };
  if (request.form !== undefined) {
    const entries = Array.isArray(request.form) ? request.form : Object.entries(request.form);
    return { body: new URLSearchParams(entries).toString(), type: 'application/x-www-form-urlencoded' };
  }
  return request.body === undefined ? {} : { body: request.body };
}

/**
 * The one HTTP client of every vendor adapter: a timeout per request, redirects never followed
 * (a vendor API that redirects is an error to see), the answer read and parsed once.
 */
export function createVendorHttp(options: VendorHttpOptions = {}): VendorHttp {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return async (request) => {
    const { body, type } = bodyOf(request);
    const headers: Record<string, string> = {
      'user-agent': 'Forecourt-Notifications/1',
      accept: 'application/json',
      ...(type ? { 'content-type': type } : {}),
      ...request.headers,
    };
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method ?? 'POST',
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new DeliveryError(reason(error, timeoutMs), { kind: 'transient' });
    }
    let text = '';
    try {
      text = (await response.text()).slice(0, MAX_ANSWER_CHARS);
    } catch {
      // An unreadable body: the status still says what happened.
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const answer: VendorAnswer = { status: response.status, headers: response.headers, text, json };
    return answer;
  };
}
