import { ORG_MISSING_HEADER, ROLE_SCOPES } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugify } from '../../lib/slug';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser } from '../../test/factories';
import { listAuditEvents } from '../audit/audit.repository';
import { bearerOf, outboxFor, tokenFromMail } from './testing';

const PASSWORD = 'forecourt-ledger-dawn-3';

function claims(accessToken: string) {
  const payload = accessToken.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

describe('organisation signup', () => {
  let t: TestApp;
  const createOrg = (headers: Record<string, string>, name = 'Konkan Fuels') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/organization',
      headers,
      payload: { name, kind: 'dealer_group' },
    });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes a self-service user from signup to the admin of a new organisation', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'founder@example.test', password: PASSWORD, firstName: 'Zoya', lastName: 'Khan' },
    });
    expect(signup.statusCode).toBe(202);
    await t.app.backgroundTasks.drain();
    const [mail] = await outboxFor(t.database.db, 'founder@example.test');
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      headers: bearerOf(tokenFromMail(mail?.textBody ?? '', '/verify-email')),
    });
    expect(verify.statusCode).toBe(200);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'founder@example.test', password: PASSWORD },
    });
    expect(login.headers[ORG_MISSING_HEADER]).toBe('true');
    const headers = bearerOf(login.json().access_token);
    expect((await t.app.inject({ method: 'GET', url: '/api/members', headers })).statusCode).toBe(403);

    const created = await createOrg(headers);
    expect(created.statusCode).toBe(201);
    const tokens = created.json();
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'refresh_token']);
    const payload = claims(tokens.access_token);
    expect(payload.scope).toBe(ROLE_SCOPES.admin);
    expect(typeof payload.org).toBe('number');

    const org = await t.database.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', payload.org)
      .executeTakeFirstOrThrow();
    expect(org).toMatchObject({ name: 'Konkan Fuels', slug: 'konkan-fuels', kind: 'dealer_group' });
    const members = await t.app.inject({
      method: 'GET',
      url: '/api/members',
      headers: bearerOf(tokens.access_token),
    });
    expect(members.statusCode).toBe(200);
    expect(members.json().results).toEqual([
      expect.objectContaining({
        email: 'founder@example.test',
        role: 'admin',
        status: 'active',
        stationIds: 'all',
      }),
    ]);
    const audit = await listAuditEvents(t.database.db, org.id);
    expect(audit.map((event) => event.action)).toEqual(['organization.created']);

    const twice = await createOrg(bearerOf(tokens.access_token), 'Second Org');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ORGANIZATION_EXISTS');
  });

  it('answers 409 ORGANIZATION_EXISTS even with an access token from before the organisation existed', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    expect((await createOrg(headers, 'First One')).statusCode).toBe(201);
    const again = await createOrg(headers, 'Second One');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORGANIZATION_EXISTS');
  });

  it('answers 409 ORGANIZATION_EXISTS for a member of an organisation', async () => {
    const org = await createOrganization(t.database.db);
    const { headers } = await createSignedInUser(t.database.db, { organizationId: org.id, role: 'member' });
    const response = await createOrg(headers);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ORGANIZATION_EXISTS');
  });

  it('gives every organisation a unique slug', async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { headers } = await createSignedInUser(t.database.db);
      const response = await createOrg(headers, 'Shree Ganesh Petroleum!');
      const org = await t.database.db
        .selectFrom('organizations')
        .select('slug')
        .where('id', '=', claims(response.json().access_token).org)
        .executeTakeFirstOrThrow();
      slugs.push(org.slug);
    }
    expect(slugs).toEqual(['shree-ganesh-petroleum', 'shree-ganesh-petroleum-2', 'shree-ganesh-petroleum-3']);
    expect(slugify('  Ünïcödé — Énergie  ', 'organisation')).toBe('unicode-energie');
    expect(slugify('!!!', 'organisation')).toBe('organisation');
  });

  it('needs a signed-in user and a valid body', async () => {
    const anonymous = await createOrg({});
    expect(anonymous.statusCode).toBe(401);
    const { headers } = await createSignedInUser(t.database.db);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/organization',
      headers,
      payload: { name: 'X', kind: 'galaxy' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});
