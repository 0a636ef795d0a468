import { createHash } from 'node:crypto';
import { credential, DeliveryError, type FailureKind, type SendContext, type VendorAnswer } from '../vendor';

/** Pieces shared by the SMS adapters of this folder (one file per vendor). */

/** A credential the vendor cannot be called without; its absence is a permanent failure naming it. */
export function required(ctx: SendContext, provider: string, key: string, label: string = key): string {
  const value = credential(ctx.credentials, key);
  if (value === undefined) throw new DeliveryError(`${provider}: the integration has no ${label}`);
  return value;
}

export const optional = (ctx: SendContext, key: string): string | undefined =>
  credential(ctx.credentials, key);

export const basicAuth = (user: string, secret: string): string =>
  `Basic ${Buffer.from(`${user}:${secret}`, 'utf8').toString('base64')}`;

/** The number as international digits only (vendors that refuse the leading + or spaces). */
export const digitsOnly = (to: string): string => to.replace(/\D/g, '');

/**
 * Whether the text needs UCS-2 (characters outside the GSM 7-bit alphabet, e.g. Devanagari), for
 * vendors that must be told so instead of detecting it themselves.
 */
export const needsUnicode = (text: string): boolean =>
  /[^\n\r\u0020-\u007e£¥èéùìòÇØøÅåÆæßÉÄÖÑÜäöñüà§¡¿€ΔΦΓΛΩΠΨΣΘΞ]/u.test(text);

/**
 * A client reference derived from the job's idempotency key that fits the vendor's field: the key
 * itself when short enough and made of allowed characters, else a stable hex digest of it.
 */
export function clientReference(key: string, max: number, allowed: RegExp = /^[A-Za-z0-9._-]+$/): string {
  if (key.length <= max && allowed.test(key)) return key;
  return createHash('sha256').update(key, 'utf8').digest('hex').slice(0, max);
}

/** A refusal the vendor reported inside a 2xx answer (vendors that put errors in the body). */
export function refusal(
  provider: string,
  answer: VendorAnswer,
  detail: string,
  kind: FailureKind = 'permanent',
): DeliveryError {
  return new DeliveryError(`${provider}: ${detail}`.slice(0, 300), {
    raw: answer.text.slice(0, 300),
    kind,
    status: answer.status,
  });
}

/** A short summary of a success answer for the execution detail. */
export const summary = (answer: VendorAnswer): string =>
  `HTTP ${answer.status}${answer.text ? ` ${answer.text.slice(0, 200)}` : ''}`;

/**
 * The base of a vendor whose address is configurable (a base URL credential, a host): the origin
 * goes through `ctx.origin` (operator or test override), the path is kept. A host without a scheme
 * is taken as https.
 */
export function baseUrl(ctx: SendContext, provider: string, configured: string): string {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(configured) ? configured : `https://${configured}`);
  } catch {
    throw new DeliveryError(`${provider}: the base URL of the integration is not a valid URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new DeliveryError(`${provider}: the base URL must use http or https`);
  return `${ctx.origin(url.origin)}${url.pathname.replace(/\/+$/, '')}`;
}

/** JSON readers for vendor answers (absent or mistyped fields read as undefined). */
export const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

export const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : undefined);
