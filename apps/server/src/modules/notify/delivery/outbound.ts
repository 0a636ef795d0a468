import { request as undiciRequest } from 'undici';
import { DELIVERY_TIMEOUT_MS } from './http';
import { AddressRefusedError, dispatcherFor, type NetworkPolicy } from './network';
import { DeliveryError, type VendorAnswer, type VendorHttp, type VendorRequest } from './vendor';

/** Vendor answers are read up to this many characters. */
const MAX_ANSWER_CHARS = 64 * 1024;

export type VendorHttpOptions = {
  timeoutMs?: number;
  /** Which addresses may be connected to (default: public addresses only). */
  network?: NetworkPolicy;
};

/** The refused-address error in an error or its causes. */
function refusal(error: unknown): AddressRefusedError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof AddressRefusedError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Why a request did not complete, without the URL (URLs can carry credentials). */
function reason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return `connection failed (${cause.code})`;
  const code = (error as { code?: string } | undefined)?.code;
  if (code?.startsWith('UND_ERR_') || code?.startsWith('E')) return `connection failed (${code})`;
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
 * The one HTTP client of every vendor adapter and webhook: a timeout per request, redirects never
 * followed (a vendor API that redirects is an error to see), every connection's address checked
 * against the network policy (./network.ts), the answer read once (at most 64 KiB) and parsed.
 */
export function createVendorHttp(options: VendorHttpOptions = {}): VendorHttp {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const dispatcher = dispatcherFor(options.network);
  return async (request) => {
    const { body, type } = bodyOf(request);
    const headers: Record<string, string> = {
      'user-agent': 'Forecourt-Notifications/1',
      accept: 'application/json',
      ...(type ? { 'content-type': type } : {}),
      ...request.headers,
    };
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let responseHeaders: Headers;
    let text = '';
    try {
      const response = await undiciRequest(request.url, {
        method: request.method ?? 'POST',
        headers,
        ...(body === undefined ? {} : { body }),
        dispatcher,
        signal,
      });
      status = response.statusCode;
      responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
      }
      try {
        let size = 0;
        const chunks: Buffer[] = [];
        for await (const chunk of response.body) {
          const buffer = chunk as Buffer;
          if (size < MAX_ANSWER_CHARS) chunks.push(buffer);
          size += buffer.length;
        }
        text = Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER_CHARS);
      } catch {
        // An unreadable or cut body: the status still says what happened.
      }
    } catch (error) {
      const refused = refusal(error);
      if (refused) throw new DeliveryError(refused.message, { kind: 'permanent' });
      throw new DeliveryError(reason(signal.aborted ? signal.reason : error, timeoutMs), {
        kind: 'transient',
      });
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const answer: VendorAnswer = { status, headers: responseHeaders, text, json };
    return answer;
  };
}
