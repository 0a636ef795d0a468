import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NetworkPolicy } from './network';
import { createVendorHttp } from './outbound';
import { DeliveryError, retryAfterMs, type VendorHttp } from './vendor';

/** Outbound calls to providers give up after this long (no retries: the job records the failure). */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** The header webhook requests are signed in (docs/API.md "Webhook signatures"). */
export const SIGNATURE_HEADER = 'x-forecourt-signature';

export { DeliveryError } from './vendor';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`: the timestamp lets a receiver
 * refuse replays, the HMAC proves the sender knows the integration's secret key.
 */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Checks a signature header (what a receiver does; used by tests and documented). */
export function verifySignature(secret: string, rawBody: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  const expected = Buffer.from(signatureHeader(secret, rawBody, t).split('v1=')[1] ?? '', 'utf8');
  const presented = Buffer.from(parts.v1, 'utf8');
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}

export type PostOptions = {
  /** Signs the body with this secret (SIGNATURE_HEADER). */
  signingSecret?: string;
  now?: () => number;
  timeoutMs?: number;
  /** Which addresses may be connected to (default: public addresses only). */
  network?: NetworkPolicy;
  /** The client to send with (default: one made from timeoutMs and network). */
  http?: VendorHttp;
};

/**
 * POSTs JSON to a webhook through the vendor HTTP client (address policy, timeout, no redirects);
 * resolves with the status on 2xx, throws DeliveryError otherwise. The answer body of a webhook
 * is never repeated (the URL may point at any service): the error says the status only.
 */
export async function postJson(
  url: string,
  body: unknown,
  options: PostOptions = {},
): Promise<{ status: number }> {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.signingSecret !== undefined)
    headers[SIGNATURE_HEADER] = signatureHeader(
      options.signingSecret,
      raw,
      Math.floor((options.now ?? Date.now)() / 1000),
    );
  const http =
    options.http ??
    createVendorHttp({
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.network === undefined ? {} : { network: options.network }),
    });
  const answer = await http({ method: 'POST', url, headers, body: raw });
  if (answer.status < 200 || answer.status > 299)
    throw new DeliveryError(`HTTP ${answer.status}`, {
      raw: `HTTP ${answer.status}`,
      status: answer.status,
      kind: answer.status === 429 || answer.status >= 500 ? 'transient' : 'permanent',
      retryAfterMs: retryAfterMs(answer.headers),
    });
  return { status: answer.status };
}
