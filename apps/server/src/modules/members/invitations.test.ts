import { ROLE_SCOPES } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  bearer,
  createOrganization,
  createSignedInUser,
  createStation,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories';
import { EMAIL_TOKEN_TTL } from '../accounts/email-tokens.repository';
import { bearerOf, outboxFor, tokenFromMail } from '../accounts/testing';
import { listAuditEvents } from '../audit/audit.repository';
import { issueTokens } from '../auth/sessions.service';

const PASSWORD = 'lubricant-forecourt-ridge-5';

describe('invitations: invite, mail, signup with the token, sign in as the member', () => {
  let t: TestApp;
  let org: { id: number; name: string };
  let admin: Record<string, string>;
  let adminId: number;
  let stations: { id: number; slug: string }[];

  const invite = (body: Record<string, unknown>, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/members/invitations', headers, payload: body });
  const signup = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress: '10.7.0.1' });
  const invitationToken = async (email: string) => {
    await t.app.backgroundTasks.drain();
    const mails = await outboxFor(t.database.db, email);
    return tokenFromMail(mails.at(-1)?.textBody ?? '', '/signup', 'invitation');
  };
  const accept = (signupToken: string, email: string, password = PASSWORD) =>
    signup({ signupToken, email, password, firstName: 'Priya', lastName: 'Nair' });

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrganization(t.database.db, { name: 'Deccan Fuels' });
    stations = [];
    for (let i = 0; i < 3; i++) stations.push(await createStation(t.database.db, org.id));
    const signedIn = await createSignedInUser(t.database.db, { organizationId: org.id, role: 'admin' });
    admin = signedIn.headers;
    adminId = signedIn.user.id;
  });
  afterAll(() => t.close());

  it('works end to end, and the new member signs in with the member grants and stations', async () => {
    const invited = await invite({
      email: 'Priya@Example.test',
      role: 'member',
      stationIds: [stations[0]?.id],
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      email: 'priya@example.test',
      role: 'member',
      status: 'invited',
      scope: ROLE_SCOPES.member,
      stationIds: [stations[0]?.id],
      disabled: false,
    });

    await t.app.backgroundTasks.drain();
    const [mail] = await outboxFor(t.database.db, 'priya@example.test');
    expect(mail?.subject).toBe('You are invited to Deccan Fuels on Forecourt');
    expect(mail?.organizationId).toBe(org.id);
    const token = tokenFromMail(mail?.textBody ?? '', '/signup', 'invitation');

    const accepted = await accept(token, 'priya@example.test');
    expect(accepted.statusCode).toBe(201);
    expect(Object.keys(accepted.json()).sort()).toEqual(['access_token', 'refresh_token']);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'priya@example.test', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().redirect_url).toBeUndefined();
    const headers = bearerOf(login.json().access_token);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json();
    expect(me).toMatchObject({ emailVerified: true, role: 'member', scope: ROLE_SCOPES.member });
    expect(me.stationIds).toEqual([stations[0]?.id]);
    const visible = (await t.app.inject({ method: 'GET', url: '/api/stations', headers })).json();
    expect(visible.results.map((s: { id: number }) => s.id)).toEqual([stations[0]?.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/members', headers })).statusCode).toBe(403);

    const list = (await t.app.inject({ method: 'GET', url: '/api/members', headers: admin })).json();
    expect(list.results).toContainEqual(
      expect.objectContaining({ email: 'priya@example.test', status: 'active', firstName: 'Priya' }),
    );
    const actions = (await listAuditEvents(t.database.db, org.id)).map((event) => event.action);
    expect(actions).toEqual(['member.joined', 'member.invited']);

    const reused = await accept(token, 'priya@example.test');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_INVITATION');
  });

  it('only works for the invited email, and a weak password leaves it usable', async () => {
    await invite({ email: 'exact@example.test', role: 'member' });
    const token = await invitationToken('exact@example.test');
    const other = await accept(token, 'someone-else@example.test');
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('INVALID_INVITATION');
    const weak = await accept(token, 'exact@example.test', 'password1');
    expect(weak.json().code).toBe('WEAK_PASSWORD');
    const garbage = await accept('x'.repeat(43), 'exact@example.test');
    expect(garbage.json().code).toBe('INVALID_INVITATION');
    expect((await accept(token, 'exact@example.test')).statusCode).toBe(201);
  });

  it('expires after 7 days', async () => {
    await invite({ email: 'late-invite@example.test', role: 'member' });
    const token = await invitationToken('late-invite@example.test');
    t.clock.advance(EMAIL_TOKEN_TTL.invitation);
    const response = await accept(token, 'late-invite@example.test');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_INVITATION');
    // The admin's access token expired with the clock: sign in again for the next tests.
    admin = bearer((await issueTokens(t.database.db, adminId)).access_token);
  });

  it('inviting again renews the invitation: the older token stops working', async () => {
    const first = await invite({ email: 'renew@example.test', role: 'member' });
    const older = await invitationToken('renew@example.test');
    const second = await invite({ email: 'renew@example.test', role: 'member', stationIds: 'all' });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect(second.json().stationIds).toBe('all');
    const newer = await invitationToken('renew@example.test');
    expect((await accept(older, 'renew@example.test')).json().code).toBe('INVALID_INVITATION');
    expect((await accept(newer, 'renew@example.test')).statusCode).toBe(201);
    const again = await invite({ email: 'renew@example.test', role: 'member' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
  });

  it('a withdrawn (disabled) invitation cannot be accepted', async () => {
    const invited = (await invite({ email: 'withdrawn@example.test', role: 'member' })).json();
    const token = await invitationToken('withdrawn@example.test');
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/members/${invited.id}/disable`,
      headers: admin,
    });
    expect(disabled.json()).toMatchObject({ status: 'invited', disabled: true });
    expect((await accept(token, 'withdrawn@example.test')).json().code).toBe('INVALID_INVITATION');
  });

  it('someone with an account accepts by giving that account’s password', async () => {
    await createUser(t.database.db, { email: 'has-account@example.test', firstName: 'Dev' });
    await invite({ email: 'has-account@example.test', role: 'member' });
    const token = await invitationToken('has-account@example.test');
    const wrong = await accept(token, 'has-account@example.test', 'not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const right = await accept(token, 'has-account@example.test', TEST_PASSWORD);
    expect(right.statusCode).toBe(201);
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'has-account@example.test')
      .executeTakeFirstOrThrow();
    expect(user.firstName).toBe('Dev');
  });

  it('an account that already belongs to another organisation cannot accept (409)', async () => {
    const elsewhere = await createOrganization(t.database.db);
    await createSignedInUser(t.database.db, { organizationId: elsewhere.id, email: 'busy@example.test' });
    const invited = await invite({ email: 'busy@example.test', role: 'member' });
    expect(invited.statusCode).toBe(201);
    const token = await invitationToken('busy@example.test');
    const response = await accept(token, 'busy@example.test', TEST_PASSWORD);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
    // Withdrawing the invitation does not touch the person's account in their organisation.
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/members?limit=200', headers: admin })
    ).json();
    const row = list.results.find((m: { email: string }) => m.email === 'busy@example.test');
    await t.app.inject({ method: 'POST', url: `/api/members/${row.id}/disable`, headers: admin });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'busy@example.test', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});
