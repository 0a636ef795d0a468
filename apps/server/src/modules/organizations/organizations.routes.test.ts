import { fuelMask, type TOrganizationDetail, type TOrganizationList } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  createMembership,
  createOrganization,
  createSignedInUser,
  createStation,
} from '../../test/factories';

type Headers = Record<string, string>;

describe('organisations', () => {
  let t: TestApp;
  let admin: { headers: Headers; user: { id: number } };
  let member: { headers: Headers; user: { id: number } };
  let otherAdmin: { headers: Headers };
  const ids = { a: 0, b: 0, c: 0, d: 0, stranger: 0, disabled: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const a = await createOrganization(db, { name: 'Alpha Dealers' });
    const b = await createOrganization(db, { name: 'Bharat Oil Region' });
    const c = await createOrganization(db, { name: 'Coastal Fleet' });
    const d = await createOrganization(db, { name: 'Delta (left)' });
    const stranger = await createOrganization(db, { name: 'Stranger Fuels' });
    Object.assign(ids, { a: a.id, b: b.id, c: c.id, d: d.id, stranger: stranger.id });
    await db
      .updateTable('organizations')
      .set({ fuelMask: fuelMask(['petrol', 'diesel']) })
      .where('id', '=', a.id)
      .execute();
    await db
      .updateTable('organizations')
      .set({ isFuelProvider: 1, fuelMask: fuelMask(['petrol', 'diesel', 'premium']) })
      .where('id', '=', b.id)
      .execute();
    await db
      .updateTable('organizations')
      .set({ fuelMask: fuelMask(['cng', 'ev']) })
      .where('id', '=', c.id)
      .execute();
    await db
      .updateTable('organizations')
      .set({ fuelMask: fuelMask(['ev']) })
      .where('id', '=', stranger.id)
      .execute();
    await createStation(db, a.id);
    await createStation(db, a.id);
    admin = await createSignedInUser(db, { organizationId: a.id, role: 'admin' });
    await createMembership(db, { organizationId: b.id, userId: admin.user.id, role: 'member' });
    await createMembership(db, { organizationId: c.id, userId: admin.user.id, role: 'member' });
    // A membership that was disabled does not count.
    const gone = await createMembership(db, { organizationId: d.id, userId: admin.user.id, role: 'member' });
    await db.updateTable('memberships').set({ disabledAt: Date.now() }).where('id', '=', gone.id).execute();
    member = await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [] });
    otherAdmin = await createSignedInUser(db, { organizationId: stranger.id, role: 'admin' });
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'GET', url, headers });
  const list = async (query = '', headers: Headers = admin.headers) => {
    const response = await get(`/api/organizations${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TOrganizationList>();
  };
  const patch = (payload: object, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'PATCH', url: '/api/organizations/current', headers, payload });

  describe('GET /api/organizations', () => {
    it('lists the organisations the user is an active member of, by name', async () => {
      const page = await list();
      expect(page.count).toBe(3);
      expect(page.results.map((org) => org.name)).toEqual([
        'Alpha Dealers',
        'Bharat Oil Region',
        'Coastal Fleet',
      ]);
      expect(page.results[1]).toMatchObject({ isFuelProvider: true, fuels: ['petrol', 'diesel', 'premium'] });
      expect((await list('', member.headers)).results.map((org) => org.id)).toEqual([ids.a]);
      expect((await list('', otherAdmin.headers)).results.map((org) => org.id)).toEqual([ids.stranger]);
    });

    it('filters by isFuelProvider and fuels, sorts by name both ways', async () => {
      expect((await list('?isFuelProvider=true')).results.map((org) => org.id)).toEqual([ids.b]);
      expect((await list('?isFuelProvider=false')).results.map((org) => org.id)).toEqual([ids.a, ids.c]);
      expect((await list('?fuels=ev')).results.map((org) => org.id)).toEqual([ids.c]);
      expect((await list('?fuels=premium,cng')).results.map((org) => org.id)).toEqual([ids.b, ids.c]);
      expect((await list('?sort=-name')).results.map((org) => org.id)).toEqual([ids.c, ids.b, ids.a]);
      expect((await list('?limit=2&page=1')).results.map((org) => org.id)).toEqual([ids.c]);
    });

    it('defaults to 40 a page and rejects bad filters with 400', async () => {
      expect((await list()).pages).toBe(1);
      expect((await get('/api/organizations?fuels=kerosene')).statusCode).toBe(400);
      expect((await get('/api/organizations?isFuelProvider=maybe')).statusCode).toBe(400);
    });

    it('exports CSV', async () => {
      const response = await get('/api/organizations?format=csv&fuels=diesel');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const lines = response.body.trim().split('\r\n');
      expect(lines[0]).toBe('Name,Slug,Kind,Fuel provider,Fuels,Created at (IST)');
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
        'Alpha Dealers',
        'Bharat Oil Region',
      ]);
    });

    it('needs a session (401)', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/organizations' })).statusCode).toBe(401);
    });
  });

  describe('/api/organizations/current', () => {
    it('answers the session’s organisation with counts', async () => {
      const response = await get('/api/organizations/current');
      expect(response.statusCode, response.body).toBe(200);
      const org = response.json<TOrganizationDetail>();
      expect(org).toMatchObject({ id: ids.a, name: 'Alpha Dealers', stationCount: 2, memberCount: 2 });
      const other = (await get('/api/organizations/current', otherAdmin.headers)).json<TOrganizationDetail>();
      expect(other.id).toBe(ids.stranger);
    });

    it('renames and sets fuels (admins), audited with the changed fields', async () => {
      const response = await patch({ name: '  Alpha Fuel Dealers ', fuels: ['diesel', 'petrol', 'cng'] });
      expect(response.statusCode, response.body).toBe(200);
      const org = response.json<TOrganizationDetail>();
      expect(org.name).toBe('Alpha Fuel Dealers');
      expect(org.fuels).toEqual(['petrol', 'diesel', 'cng']);
      expect(org.audit[0]).toMatchObject({
        action: 'organization.updated',
        actor: { id: admin.user.id },
        data: {
          changes: {
            name: { from: 'Alpha Dealers', to: 'Alpha Fuel Dealers' },
            fuels: { from: ['petrol', 'diesel'], to: ['petrol', 'diesel', 'cng'] },
          },
        },
      });
      // The same fuels in another order change nothing: no new entry.
      const same = (await patch({ fuels: ['cng', 'diesel', 'petrol'] })).json<TOrganizationDetail>();
      expect(same.audit).toHaveLength(org.audit.length);
      // The member reads the new name; the other organisation is untouched.
      expect((await get('/api/organizations/current', member.headers)).json<TOrganizationDetail>().name).toBe(
        'Alpha Fuel Dealers',
      );
      const me = await get('/api/auth/me');
      expect(me.json()).toMatchObject({ organization: { name: 'Alpha Fuel Dealers' } });
      expect(
        (await get('/api/organizations/current', otherAdmin.headers)).json<TOrganizationDetail>().name,
      ).toBe('Stranger Fuels');
    });

    it('validates the body (400)', async () => {
      for (const payload of [
        {},
        { name: 'A' },
        { name: 'x'.repeat(121) },
        { fuels: ['kerosene'] },
        { fuels: ['ev', 'ev'] },
      ]) {
        const response = await patch(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('is 403 for a member (organizations:r only)', async () => {
      const response = await patch({ name: 'Member rename' }, member.headers);
      expect(response.statusCode).toBe(403);
      expect((await get('/api/organizations/current')).json<TOrganizationDetail>().name).toBe(
        'Alpha Fuel Dealers',
      );
    });
  });
});
