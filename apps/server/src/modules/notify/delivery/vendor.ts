import type { ClientHttp2Session } from 'node:http2';
import type { EmailMessage } from './email';
import type { NetworkPolicy } from './network';
import type { PushMessage } from './push';

/**
 * The contract between the delivery pipeline and one vendor's adapter. An adapter turns a rendered
 * message into the vendor's documented request, sends it through `ctx.http` (the one outbound HTTP
 * client: timeouts, address checks, no redirects to private addresses) and reports the outcome:
 * it resolves on the vendor's success answer and throws a `DeliveryError` otherwise, saying whether
 * trying again could help (`transient`) or not (`permanent`). Retries, failover, execution details
 * and the settle transaction belong to the pipeline, never to an adapter.
 */

export type FailureKind = 'transient' | 'permanent';

export type DeliveryErrorOptions = {
  /** The start of the vendor's answer, for the execution detail (never secrets). */
  raw?: string | undefined;
  /** transient: timeouts, connection errors, 429, 5xx. Default permanent. */
  kind?: FailureKind;
  /** From the vendor's Retry-After (or equivalent), in milliseconds. */
  retryAfterMs?: number | undefined;
  /** The vendor's HTTP status, when it answered. */
  status?: number | undefined;
  /** Push device tokens the vendor reported as no longer valid (FCM UNREGISTERED, APNS 410…). */
  invalidTokens?: string[] | undefined;
};

/** A send that the provider refused or that could not reach it; the message never holds secrets. */
export class DeliveryError extends Error {
  readonly raw: string | undefined;
  readonly kind: FailureKind;
  readonly retryAfterMs: number | undefined;
  readonly status: number | undefined;
  readonly invalidTokens: string[] | undefined;
  constructor(message: string, options: DeliveryErrorOptions = {}) {
    super(message);
    this.name = 'DeliveryError';
    this.raw = options.raw;
    this.kind = options.kind ?? 'permanent';
    this.retryAfterMs = options.retryAfterMs;
    this.status = options.status;
    this.invalidTokens = options.invalidTokens;
  }
}

export type VendorRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (repeated keys allowed). */
  form?: Record<string, string> | [string, string][];
  /** Sent as is (set content-type in headers). */
  body?: string | Uint8Array;
};

export type VendorAnswer = {
  status: number;
  headers: Headers;
  /** The answer body (first 64 KiB). */
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
};

/**
 * Sends one request. Resolves with whatever status the vendor answered; throws a transient
 * DeliveryError when no answer came (timeout, connection refused, reset) and a permanent one when
 * the address is refused (private or loopback address not allowed by the operator).
 */
export type VendorHttp = (request: VendorRequest) => Promise<VendorAnswer>;

export type SendContext = {
  /** The integration's decrypted credentials (keys as the catalogue declares them). */
  credentials: Record<string, unknown>;
  http: VendorHttp;
  /**
   * Stable for one job and one integration across retries and restarts: send it where the vendor
   * honours an idempotency key, so a retry after a lost answer does not send twice.
   */
  idempotencyKey: string;
  now: () => number;
  /**
   * The vendor's origin: an operator or test override for this provider when configured, else
   * `defaultOrigin` (e.g. `https://api.twilio.com`). Adapters build every URL from it.
   */
  origin(defaultOrigin: string): string;
  /**
   * An HTTP/2 session to an origin under the same address policy (APNS). `http:` origins are
   * spoken as h2c (local fakes only).
   */
  http2?: ((origin: string) => ClientHttp2Session) | undefined;
  /** The address policy, for adapters that open their own sockets (SMTP). */
  network?: NetworkPolicy | undefined;
  /** Per-request timeout, for adapters that open their own sockets. */
  timeoutMs?: number | undefined;
};

export type SendOutcome = {
  /** A short summary of the vendor's answer for the execution detail (no secrets). */
  raw?: string | undefined;
  /** The vendor's id of the sent message, when it returns one. */
  messageId?: string | undefined;
  /** Push: device tokens the vendor reported as invalid in an otherwise successful send. */
  invalidTokens?: string[] | undefined;
};

/** What an SMS step (or a test send) hands to an SMS provider. */
export type SmsMessage = {
  /** E.164 where the subscriber's phone is stored that way (e.g. +919812345678). */
  to: string;
  content: string;
  transactionId: string;
  subscriberId: string | null;
  workflow: string | null;
};

export type EmailSender = (ctx: SendContext, message: EmailMessage) => Promise<SendOutcome>;
export type SmsSender = (ctx: SendContext, message: SmsMessage) => Promise<SendOutcome>;
export type PushSender = (ctx: SendContext, message: PushMessage) => Promise<SendOutcome>;

/** Seconds or an HTTP date in Retry-After, as milliseconds (undefined when absent or unreadable). */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The usual rule for an answer that is not a success: 429 and 5xx are transient (with the
 * Retry-After), any other status is permanent. `detail` is the vendor's own error text when the
 * adapter could read it from the body.
 */
export function vendorFailure(provider: string, answer: VendorAnswer, detail?: string): DeliveryError {
  const transient = answer.status === 429 || answer.status >= 500;
  const text = detail ?? answer.text.slice(0, 200);
  return new DeliveryError(`${provider}: HTTP ${answer.status}${text ? `: ${text}` : ''}`.slice(0, 300), {
    raw: answer.text.slice(0, 300),
    kind: transient ? 'transient' : 'permanent',
    retryAfterMs: retryAfterMs(answer.headers),
    status: answer.status,
  });
}

/** Throws `vendorFailure` unless the status is 2xx. */
export function expectSuccess(
  provider: string,
  answer: VendorAnswer,
  detail?: (json: unknown) => string | undefined,
) {
  if (answer.status >= 200 && answer.status <= 299) return;
  throw vendorFailure(provider, answer, detail?.(answer.json));
}

/** A credential as a non-empty string, or undefined. */
export const credential = (credentials: Record<string, unknown>, key: string): string | undefined => {
  const value = credentials[key];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return undefined;
};
