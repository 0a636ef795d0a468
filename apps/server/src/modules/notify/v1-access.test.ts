import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { registerAccessControl } from '../auth/access-control';
import { configureAuth } from '../auth/auth-context';

/** `/v1` routes declare how they authenticate (config.v1), like `/api` routes declare a grant. */
describe('access control for /v1 routes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const build = () => {
    const app = Fastify();
    const access = registerAccessControl(app, configureAuth(database.db));
    return { app, access };
  };

  it('refuses to start with a /v1 route that declares nothing, an /api access, or an unprovided scheme', async () => {
    for (const config of [
      undefined,
      { auth: 'public' as const },
      { v1: 'public' as const, grant: 'stations:r' as const },
    ]) {
      const { app } = build();
      expect(() => app.get('/v1/thing', { ...(config ? { config } : {}) }, () => ({}))).toThrow(
        /must declare config \{v1/,
      );
      await app.close();
    }
    const { app } = build();
    expect(() => app.get('/v1/thing', { config: { v1: 'api-key' } }, () => ({}))).toThrow(/no authenticator/);
    expect(() => app.get('/api/thing', { config: { v1: 'public', auth: 'public' } }, () => ({}))).toThrow(
      /v1 access/,
    );
    await app.close();
  });

  it('runs the provided authenticator before the handler; public routes need none', async () => {
    const { app, access } = build();
    access.provideV1Authenticator('api-key', async (request) => {
      if (request.headers.authorization !== 'ApiKey ok')
        throw Object.assign(new Error('no'), { statusCode: 401 });
    });
    app.get('/v1/private', { config: { v1: 'api-key' } }, () => ({ ok: true }));
    app.get('/v1/open', { config: { v1: 'public' } }, () => ({ open: true }));
    expect((await app.inject({ url: '/v1/private' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/v1/private', headers: { authorization: 'ApiKey ok' } })).json(),
    ).toEqual({ ok: true });
    expect((await app.inject({ url: '/v1/open' })).json()).toEqual({ open: true });
    await app.close();
  });
});
