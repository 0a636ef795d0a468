import { ROLE_SCOPES } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  createMembership,
  createOrganization,
  createSignedInUser,
  createStation,
  createUser,
} from '../../test/factories';
import { listAuditEvents } from '../audit/audit.repository';

describe('members API', () => {
  let t: TestApp;
  let org: { id: number };
  let other: { id: number };
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let station: { id: number };
  let foreignStation: { id: number };

  const api = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
    headers = admin.headers,
  ) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const membershipOf = async (userId: number, organizationId = org.id) =>
    (
      await t.database.db
        .selectFrom('memberships')
        .select('id')
        .where('userId', '=', userId)
        .where('organizationId', '=', organizationId)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrganization(t.database.db);
    other = await createOrganization(t.database.db);
    station = await createStation(t.database.db, org.id);
    foreignStation = await createStation(t.database.db, other.id);
    admin = await createSignedInUser(t.database.db, { organizationId: org.id, role: 'admin' });
  });
  afterAll(() => t.close());

  it('lists the organisation’s members, 40 per page by default, oldest first', async () => {
    for (let i = 0; i < 41; i++) {
      const user = await createUser(t.database.db, { email: `m${String(i).padStart(2, '0')}@members.test` });
      await createMembership(t.database.db, {
        organizationId: org.id,
        userId: user.id,
        stationIds: [station.id],
      });
    }
    const outsider = await createUser(t.database.db, { email: 'outsider@members.test' });
    await createMembership(t.database.db, { organizationId: other.id, userId: outsider.id });

    const page0 = await api('GET', '/api/members');
    expect(page0.statusCode).toBe(200);
    const body = page0.json();
    expect(body).toMatchObject({ count: 42, pages: 2 });
    expect(body.results).toHaveLength(40);
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      userId: admin.user.id,
      email: admin.user.email,
      firstName: admin.user.firstName,
      lastName: admin.user.lastName,
      role: 'admin',
      scope: ROLE_SCOPES.admin,
      status: 'active',
      stationIds: 'all',
      disabled: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(body.results[1]).toMatchObject({
      role: 'member',
      scope: ROLE_SCOPES.member,
      stationIds: [station.id],
    });
    const page1 = (await api('GET', '/api/members?page=1')).json();
    expect(page1.results).toHaveLength(2);
    const byEmail = (await api('GET', '/api/members?sort=email&limit=2')).json();
    expect(byEmail.results.map((m: { email: string }) => m.email)).toEqual([
      'm00@members.test',
      'm01@members.test',
    ]);
    const newest = (await api('GET', '/api/members?sort=-createdAt&limit=1')).json();
    expect(newest.results[0].email).toBe('m40@members.test');
    const emails = [...body.results, ...page1.results].map((m: { email: string }) => m.email);
    expect(emails).not.toContain('outsider@members.test');
  });

  it('needs the members grants: 401 signed out, 403 for members', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/members' })).statusCode).toBe(401);
    const member = await createSignedInUser(t.database.db, { organizationId: org.id, role: 'member' });
    const target = await membershipOf(member.user.id);
    for (const [method, url, payload] of [
      ['GET', '/api/members', undefined],
      ['POST', '/api/members/invitations', { email: 'x@members.test', role: 'member' }],
      ['PATCH', `/api/members/${target}`, { role: 'admin' }],
      ['POST', `/api/members/${target}/disable`, undefined],
      ['POST', `/api/members/${target}/enable`, undefined],
    ] as const) {
      const response = await api(method, url, payload, member.headers);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });

  it('changes role, scope and stations, and records who changed what', async () => {
    const member = await createSignedInUser(t.database.db, { organizationId: org.id, role: 'member' });
    const id = await membershipOf(member.user.id);
    const scoped = await api('PATCH', `/api/members/${id}`, {
      scope: 'stations:r incidents:cru incidents:r',
    });
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json()).toMatchObject({ role: 'member', scope: 'stations:r incidents:cru' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers });
    expect(me.json().scope).toBe('stations:r incidents:cru');

    const limited = await api('PATCH', `/api/members/${id}`, { stationIds: [station.id] });
    expect(limited.json()).toMatchObject({ stationIds: [station.id], scope: 'stations:r incidents:cru' });

    const promoted = await api('PATCH', `/api/members/${id}`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ role: 'admin', scope: ROLE_SCOPES.admin, stationIds: 'all' });
    const demoted = await api('PATCH', `/api/members/${id}`, { role: 'member' });
    expect(demoted.json()).toMatchObject({ role: 'member', scope: ROLE_SCOPES.member });

    const events = (await listAuditEvents(t.database.db, org.id)).filter(
      (e) => e.target === `membership:${id}`,
    );
    expect(events).toHaveLength(4);
    expect(events.every((e) => e.actorUserId === admin.user.id && e.action === 'member.updated')).toBe(true);
    expect(JSON.parse(events[0]?.data ?? '{}')).toMatchObject({
      before: { role: 'admin' },
      after: { role: 'member' },
    });
  });

  it('validates scopes, stations and bodies', async () => {
    const member = await createSignedInUser(t.database.db, { organizationId: org.id });
    const id = await membershipOf(member.user.id);
    for (const scope of ['stations:x', 'rockets:r', 'stations', 'stations:r;drop']) {
      const response = await api('PATCH', `/api/members/${id}`, { scope });
      expect(response.statusCode, scope).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'scope' }] });
    }
    expect((await api('PATCH', `/api/members/${id}`, {})).json().code).toBe('VALIDATION_FAILED');
    expect((await api('PATCH', `/api/members/${id}`, { role: 'owner' })).json().code).toBe(
      'VALIDATION_FAILED',
    );
    const adminScope = await api('PATCH', `/api/members/${id}`, { role: 'admin', scope: 'stations:r' });
    expect(adminScope.json().code).toBe('VALIDATION_FAILED');
    const adminStations = await api('PATCH', `/api/members/${id}`, {
      role: 'admin',
      stationIds: [station.id],
    });
    expect(adminStations.json().code).toBe('VALIDATION_FAILED');
    const foreign = await api('PATCH', `/api/members/${id}`, { stationIds: [station.id, foreignStation.id] });
    expect(foreign.statusCode).toBe(404);
    const invite = await api('POST', '/api/members/invitations', {
      email: 'bad@members.test',
      role: 'member',
      scope: 'x:y',
    });
    expect(invite.statusCode).toBe(400);
    const inviteForeign = await api('POST', '/api/members/invitations', {
      email: 'bad@members.test',
      role: 'member',
      stationIds: [foreignStation.id],
    });
    expect(inviteForeign.statusCode).toBe(404);
    expect((await api('PATCH', '/api/members/abc', { role: 'member' })).statusCode).toBe(400);
  });

  it('never lets a caller hand out grants they do not hold (403)', async () => {
    const manager = await createSignedInUser(t.database.db, {
      organizationId: org.id,
      role: 'member',
      scope: 'members:cru stations:r',
    });
    const target = await createSignedInUser(t.database.db, { organizationId: org.id, role: 'member' });
    const id = await membershipOf(target.user.id);
    const escalate = await api('PATCH', `/api/members/${id}`, { scope: 'stations:crud' }, manager.headers);
    expect(escalate.statusCode).toBe(403);
    const makeAdmin = await api('PATCH', `/api/members/${id}`, { role: 'admin' }, manager.headers);
    expect(makeAdmin.statusCode).toBe(403);
    const inviteAdmin = await api(
      'POST',
      '/api/members/invitations',
      { email: 'boss@members.test', role: 'admin' },
      manager.headers,
    );
    expect(inviteAdmin.statusCode).toBe(403);
    const narrow = await api('PATCH', `/api/members/${id}`, { scope: 'stations:r' }, manager.headers);
    expect(narrow.statusCode).toBe(200);
    const adminId = await membershipOf(admin.user.id);
    const demoteAdmin = await api('PATCH', `/api/members/${adminId}`, { role: 'member' }, manager.headers);
    expect(demoteAdmin.statusCode).toBe(403);
    const disableAdmin = await api('POST', `/api/members/${adminId}/disable`, undefined, manager.headers);
    expect(disableAdmin.statusCode).toBe(403);

    const other = await createStation(t.database.db, org.id);
    const limitedManager = await createSignedInUser(t.database.db, {
      organizationId: org.id,
      role: 'member',
      scope: 'members:cru stations:r',
      stationIds: [station.id],
    });
    const wider = await api(
      'PATCH',
      `/api/members/${id}`,
      { stationIds: [other.id] },
      limitedManager.headers,
    );
    expect(wider.statusCode).toBe(403);
    const everything = await api(
      'PATCH',
      `/api/members/${id}`,
      { stationIds: 'all' },
      limitedManager.headers,
    );
    expect(everything.statusCode).toBe(403);
    const same = await api(
      'PATCH',
      `/api/members/${id}`,
      { stationIds: [station.id] },
      limitedManager.headers,
    );
    expect(same.statusCode).toBe(200);
  });

  it('answers 404 for another organisation’s member, and changes nothing there', async () => {
    const outsider = await createSignedInUser(t.database.db, { organizationId: other.id, role: 'member' });
    const id = await membershipOf(outsider.user.id, other.id);
    for (const [method, url, payload] of [
      ['PATCH', `/api/members/${id}`, { role: 'admin' }],
      ['POST', `/api/members/${id}/disable`, undefined],
      ['POST', `/api/members/${id}/enable`, undefined],
      ['PATCH', '/api/members/999999', { role: 'member' }],
    ] as const) {
      const response = await api(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const row = await t.database.db
      .selectFrom('memberships')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'member', disabledAt: null });
  });

  it('protects the last active admin from demotion and from being disabled (409)', async () => {
    const solo = await createOrganization(t.database.db);
    const only = await createSignedInUser(t.database.db, { organizationId: solo.id, role: 'admin' });
    const id = await membershipOf(only.user.id, solo.id);
    const demote = await api('PATCH', `/api/members/${id}`, { role: 'member' }, only.headers);
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('CONFLICT');
    const disable = await api('POST', `/api/members/${id}/disable`, undefined, only.headers);
    expect(disable.statusCode).toBe(409);

    // A disabled second admin does not count; an active one does.
    const second = await createSignedInUser(t.database.db, { organizationId: solo.id, role: 'admin' });
    const secondId = await membershipOf(second.user.id, solo.id);
    expect((await api('POST', `/api/members/${secondId}/disable`, undefined, only.headers)).statusCode).toBe(
      200,
    );
    expect((await api('PATCH', `/api/members/${id}`, { role: 'member' }, only.headers)).statusCode).toBe(409);
    expect((await api('POST', `/api/members/${secondId}/enable`, undefined, only.headers)).statusCode).toBe(
      200,
    );
    const demoted = await api('PATCH', `/api/members/${id}`, { role: 'member' }, only.headers);
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().role).toBe('member');
  });

  it('disabling ends every session at once; enabling lets the member sign in again', async () => {
    const member = await createSignedInUser(t.database.db, { organizationId: org.id, role: 'member' });
    const id = await membershipOf(member.user.id);
    const disabled = await api('POST', `/api/members/${id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id, disabled: true, status: 'active' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers });
    expect(me.statusCode).toBe(401);
    const extend = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/extend',
      payload: { refresh_token: member.tokens.refresh_token },
    });
    expect(extend.statusCode).toBe(401);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.user.email, password: 'nozzle-ledger-forecourt' },
      });
    expect((await login()).json().code).toBe('ACCOUNT_DISABLED');

    const enabled = await api('POST', `/api/members/${id}/enable`);
    expect(enabled.json()).toMatchObject({ disabled: false });
    expect((await login()).statusCode).toBe(200);
    const actions = (await listAuditEvents(t.database.db, org.id))
      .filter((e) => e.target === `membership:${id}`)
      .map((e) => e.action);
    expect(actions).toEqual(['member.enabled', 'member.disabled']);
  });
});
