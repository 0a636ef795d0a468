import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 (header form) with node:crypto: the canonical request of method, path,
 * sorted query, the signed headers and the SHA-256 of the body; a string to sign scoped to
 * date/region/service; and an HMAC-SHA256 with the key derived from the secret for that scope.
 * Shared by the AWS adapters (SES, SNS) so there is one signer.
 */

export type AwsKeys = { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined };

export type AwsSignInput = {
  method: string;
  url: string;
  /** Headers to sign besides host and x-amz-date (content-type, usually). */
  headers: Record<string, string>;
  body: string;
  service: string;
  region: string;
  keys: AwsKeys;
  /** Signing time in epoch milliseconds. */
  now: number;
};

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as AWS wants it (unreserved characters stay, everything else %XX). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `20150830T123600Z` */
export const amzDate = (now: number) =>
  new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

export function canonicalRequest(
  method: string,
  url: URL,
  headers: Record<string, string>,
  bodyHash: string,
): { text: string; signedHeaders: string } {
  const path = url.pathname
    .split('/')
    .map((segment) => encode(decodeURIComponent(segment)))
    .join('/');
  const query = [...url.searchParams.entries()]
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names
    .map((name) => `${name}:${String(lower[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  return {
    text: [method, path || '/', query, canonicalHeaders, signedHeaders, bodyHash].join('\n'),
    signedHeaders,
  };
}

/** The headers to send with the request: the given ones plus x-amz-date, the token and authorization. */
export function signAws(input: AwsSignInput): Record<string, string> {
  const url = new URL(input.url);
  const date = amzDate(input.now);
  const headers: Record<string, string> = { ...input.headers, 'x-amz-date': date };
  if (input.keys.sessionToken) headers['x-amz-security-token'] = input.keys.sessionToken;
  const { text, signedHeaders } = canonicalRequest(
    input.method,
    url,
    { ...headers, host: url.host },
    sha256Hex(input.body),
  );
  const scope = `${date.slice(0, 8)}/${input.region}/${input.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(text)].join('\n');
  const key = signingKey(input.keys.secretAccessKey, date.slice(0, 8), input.region, input.service);
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.keys.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
