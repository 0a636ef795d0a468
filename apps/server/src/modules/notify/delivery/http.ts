import { createHmac, timingSafeEqual } from 'node:crypto';

/** Outbound calls to providers give up after this long (no retries: the job records the failure). */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** The header webhook requests are signed in (docs/API.md "Webhook signatures"). */
export const SIGNATURE_HEADER = 'x-forecourt-signature';

/** A send that the provider refused or that could not reach it; the message never holds secrets. */
export class DeliveryError extends Error {
  readonly raw: string | undefined;
  constructor(message: string, raw?: string) {
    super(message);
    this.name = 'DeliveryError';
    this.raw = raw;
  }
}

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

/** Why a request did not complete, without the URL (webhook URLs carry their own secrets). */
function reason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return `connection failed (${cause.code})`;
  return error instanceof Error ? error.message : 'request failed';
}

export type PostOptions = {
  /** Signs the body with this secret (SIGNATURE_HEADER). */
  signingSecret?: string;
  now?: () => number;
  timeoutMs?: number;
};

/**
 * POSTs JSON; resolves with the status and the start of the answer on 2xx, throws DeliveryError
 * otherwise (HTTP status and the start of the answer, or the network reason). Redirects are not
 * followed: a webhook that moved is an error the admin should see.
 */
export async function postJson(
  url: string,
  body: unknown,
  options: PostOptions = {},
): Promise<{ status: number; text: string }> {
  const raw = JSON.stringify(body);
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Forecourt-Notifications/1',
  };
  if (options.signingSecret !== undefined)
    headers[SIGNATURE_HEADER] = signatureHeader(
      options.signingSecret,
      raw,
      Math.floor((options.now ?? Date.now)() / 1000),
    );
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: raw,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new DeliveryError(reason(error, timeoutMs));
  }
  let text = '';
  try {
    text = (await response.text()).slice(0, 300);
  } catch {
    // The status is what matters; an unreadable answer body is not an error in itself.
  }
  if (response.status < 200 || response.status > 299)
    throw new DeliveryError(`HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`, text);
  return { status: response.status, text };
}
