import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, SECURITY_HEADER_OPTIONS, securityHeaders } from './security-headers';

/** Headers that differ per response whoever answers (not security headers). */
const PER_RESPONSE = ['date', 'content-length', 'content-type', 'connection'];
const without = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.includes(name)));

async function answers(useHelmet: boolean) {
  const app = Fastify();
  if (useHelmet) await app.register(helmet, SECURITY_HEADER_OPTIONS);
  else await registerSecurityHeaders(app);
  app.get('/json', () => ({ ok: true }));
  app.get('/fails', () => {
    throw new Error('boom');
  });
  const responses = [];
  for (const url of ['/json', '/fails', '/missing']) responses.push(await app.inject({ method: 'GET', url }));
  await app.close();
  return responses;
}

describe('security headers computed once', () => {
  it('are the headers @fastify/helmet sets for the same options, CSP included', async () => {
    const headers = await securityHeaders();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("connect-src 'self' ws: wss:");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(Object.keys(headers)).not.toContain('content-type');
  });

  it('answer every response (success, error, 404) exactly like the plugin does', async () => {
    const [withPlugin, precomputed] = [await answers(true), await answers(false)];
    expect(precomputed.map((r) => r.statusCode)).toEqual([200, 500, 404]);
    for (let i = 0; i < withPlugin.length; i++) {
      expect(without(precomputed[i]?.headers ?? {})).toEqual(without(withPlugin[i]?.headers ?? {}));
    }
  });
});
