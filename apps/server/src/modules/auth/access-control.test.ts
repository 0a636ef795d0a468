import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createTestDatabase } from '../../test/test-database';

describe('route access declarations', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const webDist = mkdtempSync(join(tmpdir(), 'forecourt-noweb-'));

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  async function startWith(config: Record<string, unknown> | undefined, url = '/api/extra') {
    const app = await createApp({ database, webDist });
    try {
      app.get(url, config ? { config } : {}, async () => ({ ok: true }));
      await app.ready();
    } finally {
      await app.close();
    }
  }

  it('refuses to start when an /api route declares no access', async () => {
    await expect(startWith(undefined)).rejects.toThrow(/GET \/api\/extra must declare exactly one access/);
  });

  it('refuses two declarations, unknown modes and unknown grants', async () => {
    await expect(startWith({ auth: 'public', grant: 'stations:r' })).rejects.toThrow(/exactly one access/);
    await expect(startWith({ auth: 'everyone' })).rejects.toThrow(/unknown auth mode/);
    await expect(startWith({ grant: 'stations:x' })).rejects.toThrow(/unknown grant/);
    await expect(startWith({ grant: 'secrets:r' })).rejects.toThrow(/unknown grant/);
  });

  it('starts with a declared route, and routes outside /api need no declaration', async () => {
    await expect(startWith({ grant: 'incidents:u' })).resolves.toBeUndefined();
    await expect(startWith(undefined, '/healthz')).resolves.toBeUndefined();
  });
});

describe('route access at request time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps health, the OpenAPI document and the docs page public', async () => {
    for (const url of ['/api/health', '/api/openapi.json', '/api/docs/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('documents every route with its access in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/verify',
        '/api/auth/extend',
        '/api/auth/logout',
        '/api/auth/me',
      ]),
    );
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/stations'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/auth/login'].post.security).toBeUndefined();
  });
});
