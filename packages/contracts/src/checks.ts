import { z } from 'zod';

/** Longest URI accepted anywhere (links, webhook URLs, photo URLs). */
export const MAX_URI_LENGTH = 2000;

/** True when `uri` has at most {@link MAX_URI_LENGTH} characters (UTF-16 code units, as browsers count). */
export function isUriWithinLimit(uri: string): boolean {
  return uri.length <= MAX_URI_LENGTH;
}

/**
 * True when the length of `value` is a multiple of 4, as padded base64 must be.
 * The empty string passes: it is the encoding of zero bytes.
 */
export function isBase64LengthValid(value: string): boolean {
  return value.length % 4 === 0;
}

const BASE64_ALPHABET = /^[A-Za-z0-9+/]*={0,2}$/;

/** True for padded standard base64: the alphabet `A–Z a–z 0–9 + /`, at most two `=` at the end, length a multiple of 4. */
export function isBase64(value: string): boolean {
  return isBase64LengthValid(value) && BASE64_ALPHABET.test(value);
}

/** A URL (http or https) of at most {@link MAX_URI_LENGTH} characters. */
export const ZUri = z
  .url({ protocol: /^https?$/ })
  .refine(isUriWithinLimit, { message: `Must be at most ${MAX_URI_LENGTH} characters` });

/**
 * A link to a stored file without its host: `{address}://path` (or `{address}/path`); the server
 * answers it as `https://<files host>/path` (docs/API.md "Links to stored files").
 */
export const ZFileAddressLink = z
  .string()
  .regex(/^\{address\}(:\/\/|\/)[^\s]+$/, 'Must be {address}://path')
  .refine(isUriWithinLimit, { message: `Must be at most ${MAX_URI_LENGTH} characters` });

/** An http(s) URL or a `{address}` link to a stored file. */
export const ZUriOrFileAddress = z.union([ZUri, ZFileAddressLink]);

/** A padded base64 string: checks the length rule, then the alphabet. */
export const ZBase64 = z
  .string()
  .refine(isBase64LengthValid, { message: 'Base64 length must be a multiple of 4', abort: true })
  .refine((value) => BASE64_ALPHABET.test(value), { message: 'Not a base64 string' });
