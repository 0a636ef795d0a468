import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { createOrganization, createSignedInUser } from '../test/factories';

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'strict-transport-security',
];

describe('security headers and caching on every answer of the app', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let orgless: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganization(t.database.db);
    admin = (await createSignedInUser(t.database.db, { organizationId: org.id, role: 'admin' })).headers;
    orgless = (await createSignedInUser(t.database.db)).headers;
  });
  afterAll(() => t.close());

  it('refusals (401, 403), 404s and successes all carry the security headers', async () => {
    const cases = [
      { url: '/api/auth/me', headers: {}, status: 401 },
      { url: '/api/auth/me', headers: { authorization: 'Bearer forged.token.here' }, status: 401 },
      { url: '/api/members', headers: orgless, status: 403 },
      { url: '/v1/subscribers', headers: {}, status: 401 },
      { url: '/api/no-such-route', headers: {}, status: 404 },
      { url: '/api/health', headers: {}, status: 200 },
      { url: '/api/members', headers: admin, status: 200 },
    ];
    for (const c of cases) {
      const response = await t.app.inject({ method: 'GET', url: c.url, headers: c.headers });
      expect(response.statusCode, c.url).toBe(c.status);
      for (const name of SECURITY_HEADERS) expect(response.headers[name], `${c.url} ${name}`).toBeTruthy();
    }
  });

  it('lets station-profile photos (https: images) through the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const imgSrc = String(response.headers['content-security-policy'])
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('img-src'));
    expect(imgSrc?.split(' ')).toContain('https:');
  });

  it('answers of authenticated routes (members included) are not stored by any cache', async () => {
    for (const [url, headers] of [
      ['/api/members', admin],
      ['/api/stations', admin],
      ['/api/members', orgless],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBeUndefined();
  });
});
