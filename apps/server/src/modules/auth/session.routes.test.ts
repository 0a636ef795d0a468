import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  createMembership,
  createOrganization,
  createStation,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories';
import { revokeAllSessions } from './sessions.service';
import { authClient } from './test-helpers';

const DAY = 24 * 60 * 60 * 1000;

describe('sessions: verify, extend, logout, me', () => {
  let t: TestApp;
  let client: ReturnType<typeof authClient>;
  let organizationId: number;
  let stationId: number;

  beforeAll(async () => {
    t = await createTestApp({ auth: { loginLimits: { ipAttempts: { max: 10_000, windowMs: 60_000 } } } });
    client = authClient(t);
    const organization = await createOrganization(t.database.db, { name: 'Sahyog Fuels', slug: 'sahyog' });
    organizationId = organization.id;
    stationId = (await createStation(t.database.db, organizationId)).id;
  });
  afterAll(() => t.close());

  async function signIn(options: { role?: 'admin' | 'member'; stationIds?: number[] | 'all' } = {}) {
    const user = await createUser(t.database.db);
    await createMembership(t.database.db, { organizationId, userId: user.id, ...options });
    const response = await client.login(user.email, TEST_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    return { user, ...(response.json() as { access_token: string; refresh_token: string }) };
  }

  it('GET /verify: 200 for a valid token, 401 INVALID_TOKEN for a bad one, UNAUTHENTICATED for none', async () => {
    const session = await signIn();
    const ok = await client.verify(session.access_token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok' });
    const bad = await client.verify(`${session.access_token}x`);
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('INVALID_TOKEN');
    expect(bad.headers['www-authenticate']).toContain('error="invalid_token"');
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/verify' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: 'Basic YTpi' },
    });
    expect(basic.json().code).toBe('UNAUTHENTICATED');
  });

  it('access tokens expire after 15 minutes (plus a few seconds of clock tolerance)', async () => {
    const session = await signIn();
    t.clock.advance(15 * 60 * 1000 - 1000);
    expect((await client.verify(session.access_token)).statusCode).toBe(200);
    t.clock.advance(10_000);
    expect((await client.verify(session.access_token)).statusCode).toBe(401);
  });

  it('PUT /extend rotates: a new pair each time, the old refresh token stops working', async () => {
    const session = await signIn();
    const first = await client.extend(session.refresh_token);
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(Object.keys(pair).sort()).toEqual(['access_token', 'refresh_token']);
    expect(pair.refresh_token).not.toBe(session.refresh_token);
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await client.verify(pair.access_token)).statusCode).toBe(200);
    const second = await client.extend(pair.refresh_token);
    expect(second.statusCode).toBe(200);
  });

  it('reuse of a used refresh token revokes the whole family', async () => {
    const session = await signIn();
    const next = (await client.extend(session.refresh_token)).json();
    t.clock.advance(5_000);
    const reuse = await client.extend(session.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('INVALID_TOKEN');
    expect((await client.extend(next.refresh_token)).statusCode, 'the thief’s branch is dead too').toBe(401);
  });

  it('a duplicate within the 2 s race grace answers 401 but keeps the family', async () => {
    const session = await signIn();
    const next = (await client.extend(session.refresh_token)).json();
    t.clock.advance(1_000);
    expect((await client.extend(session.refresh_token)).statusCode).toBe(401);
    expect((await client.extend(next.refresh_token)).statusCode).toBe(200);
  });

  it('of two concurrent exchanges of one token exactly one wins', async () => {
    const session = await signIn();
    const answers = await Promise.all([
      client.extend(session.refresh_token),
      client.extend(session.refresh_token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    expect((await client.extend(winner.refresh_token)).statusCode).toBe(200);
    const live = await t.database.db
      .selectFrom('refreshTokens')
      .select('id')
      .where('userId', '=', session.user.id)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it('refresh tokens die after 7 idle days and 30 days in all', async () => {
    const idle = await signIn();
    t.clock.advance(7 * DAY);
    expect((await client.extend(idle.refresh_token)).statusCode).toBe(401);

    let token = (await signIn()).refresh_token;
    for (let day = 0; day < 5; day++) {
      t.clock.advance(6 * DAY);
      const answer = await client.extend(token);
      if (day < 4) {
        expect(answer.statusCode, `day ${(day + 1) * 6}`).toBe(200);
        token = answer.json().refresh_token;
      } else {
        expect(answer.statusCode, 'day 30: past the absolute lifetime').toBe(401);
      }
    }
  });

  it('PUT /extend rejects unknown, malformed and missing tokens', async () => {
    expect((await client.extend('A'.repeat(43))).statusCode).toBe(401);
    expect((await client.extend('short')).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'PUT', url: '/api/auth/extend', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('PUT /logout answers 204 and ends every session of the user, access tokens included', async () => {
    const a = await signIn();
    const userB = await client.login(a.user.email, TEST_PASSWORD);
    const b = userB.json();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${a.access_token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    for (const refresh of [a.refresh_token, b.refresh_token])
      expect((await client.extend(refresh)).statusCode).toBe(401);
    for (const access of [a.access_token, b.access_token])
      expect((await client.verify(access)).statusCode).toBe(401);
    expect((await client.logout(a.access_token)).statusCode).toBe(401);
    const again = await client.login(a.user.email, TEST_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(
      (await client.verify(again.json().access_token)).statusCode,
      'a new sign-in in the same second works',
    ).toBe(200);
  });

  it("PUT /logout with scope 'device' ends only that device's session; another user's token changes nothing", async () => {
    const a = await signIn();
    const b = (await client.login(a.user.email, TEST_PASSWORD)).json() as { refresh_token: string };
    const stranger = await signIn();
    const logout = (access: string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${access}` },
        payload: payload as Record<string, unknown>,
      });
    expect(
      (await logout(a.access_token, { scope: 'device', refresh_token: stranger.refresh_token })).statusCode,
    ).toBe(204);
    expect((await client.extend(stranger.refresh_token)).statusCode).toBe(200);
    expect(
      (await logout(a.access_token, { scope: 'device', refresh_token: a.refresh_token })).statusCode,
    ).toBe(204);
    expect((await client.extend(a.refresh_token)).statusCode).toBe(401);
    expect((await client.extend(b.refresh_token)).statusCode, 'the other device stays signed in').toBe(200);
    expect((await logout(a.access_token, { scope: 'device' })).statusCode).toBe(400);
    expect((await logout(a.access_token, { scope: 'everything' })).statusCode).toBe(400);
  });

  it('revokeAllSessions (password reset, disable) ends sessions in this process at once', async () => {
    const session = await signIn();
    await revokeAllSessions(t.database.db, session.user.id);
    expect((await client.verify(session.access_token)).statusCode).toBe(401);
    expect((await client.extend(session.refresh_token)).statusCode).toBe(401);
  });

  it('a user disabled directly in the database is locked out within the 2 s cache time', async () => {
    const session = await signIn();
    expect((await client.verify(session.access_token)).statusCode).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ disabledAt: t.clock.now() })
      .where('id', '=', session.user.id)
      .execute();
    t.clock.advance(2_001);
    expect((await client.verify(session.access_token)).statusCode).toBe(401);
    expect((await client.extend(session.refresh_token)).statusCode).toBe(401);
  });

  it('GET /me describes the user, organisation, role, scope and stations', async () => {
    const member = await signIn({ stationIds: [stationId] });
    const me = (await client.me(member.access_token)).json();
    expect(me).toMatchObject({
      id: member.user.id,
      email: member.user.email,
      firstName: 'Test',
      emailVerified: true,
      organization: { id: organizationId, slug: 'sahyog', name: 'Sahyog Fuels' },
      role: 'member',
      stationIds: [stationId],
    });
    expect(me.scope).toContain('incidents:cru');
    const admin = (await client.me((await signIn({ role: 'admin' })).access_token)).json();
    expect(admin).toMatchObject({ role: 'admin', stationIds: 'all' });
    expect(admin.scope).toContain('members:crud');

    await createUser(t.database.db, { email: 'no-org@example.test' });
    const loner = (await client.login('no-org@example.test', TEST_PASSWORD)).json();
    expect((await client.me(loner.access_token)).json()).toMatchObject({
      organization: null,
      role: null,
      scope: '',
      stationIds: [],
    });
  });
});
