import aws4 from 'aws4';

export type AwsKeys = { accessKeyId: string; secretAccessKey: string };

/**
 * The headers of an AWS Signature Version 4 request (SES, SNS), signed with the aws4 library.
 * Host and Content-Length are signed with the values fetch sends itself, so they are left for it
 * to set; every other signed header is returned.
 */
export function awsSignedHeaders(request: {
  url: string;
  service: string;
  region: string;
  body: string;
  headers: Record<string, string>;
  keys: AwsKeys;
}): Record<string, string> {
  const target = new URL(request.url);
  const signed = aws4.sign(
    {
      host: target.host,
      method: 'POST',
      path: `${target.pathname}${target.search}`,
      service: request.service,
      region: request.region,
      body: request.body,
      headers: request.headers,
    },
    request.keys,
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers ?? {}))
    if (!/^(host|content-length)$/i.test(name) && value !== undefined)
      headers[name.toLowerCase()] = String(value);
  return headers;
}
