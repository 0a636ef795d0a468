import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { VendorCall } from './testing';

/**
 * Test support (not used by the app): checks an AWS Signature Version 4 Authorization header the
 * way AWS does, written from the published algorithm independently of the signer the adapters use.
 * Returns a problem, or undefined when the signature is right.
 */

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it (unreserved characters kept). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export type SigV4Request = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

export type SigV4Expectation = {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
};

export function sigV4Problem(request: SigV4Request, expected: SigV4Expectation): string | undefined {
  const authorization = String(request.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return 'no AWS4-HMAC-SHA256 authorization';
  const [, keyId, date, region, service, signedHeaders, signature] = match as unknown as string[];
  if (keyId !== expected.accessKeyId) return 'InvalidClientTokenId';
  if (region !== expected.region || service !== expected.service)
    return `credential scope ${region}/${service}`;
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date as string)) return 'x-amz-date does not match the credential date';
  const names = (signedHeaders as string).split(';');
  if (!names.includes('host')) return 'host is not signed';
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const query = [...request.query.entries()]
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x! < y! ? -1 : 1) : a! < b! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    request.path
      .split('/')
      .map((part) => encode(decodeURIComponent(part)))
      .join('/'),
    query,
    canonicalHeaders,
    signedHeaders,
    sha256(request.body),
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${expected.secretAccessKey}`, date as string);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part as string);
  const expectedSignature = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const presented = Buffer.from(signature as string);
  return presented.length === expectedSignature.length && timingSafeEqual(presented, expectedSignature)
    ? undefined
    : 'SignatureDoesNotMatch';
}

export const sigV4ProblemOf = (call: VendorCall, expected: SigV4Expectation) =>
  sigV4Problem(
    { method: call.method, path: call.path, query: call.query, headers: call.headers, body: call.raw },
    expected,
  );
