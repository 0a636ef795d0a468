import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose value is a credential: mailed links carry reset, verification and
 * invitation tokens (`/reset-password?token=…`, `/signup?invitation=…`), the inbox socket may send
 * its session as `?token=`. Any parameter whose name contains one of these words is redacted.
 */
const SECRET_PARAMETER = /token|invitation|secret|password|hash|key|code|signature/i;

/** `url` with the value of every credential-like query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // An undecodable name is checked as it is.
      }
      return SECRET_PARAMETER.test(name) ? `${pair.slice(0, equals)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** The request as logged: Fastify's usual fields, with credentials in the query string redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
