import type { THomePage, TSavedView, TSavedViews, TStationPins } from '@forecourt/contracts';
import { SAVED_VIEW_LIMIT } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;

describe('saved views, station pins and home pages', () => {
  let t: TestApp;
  let orgA = { id: 0 };
  let admin: Signed;
  let member: Signed;
  let oneStation: Signed;
  let otherAdmin: Signed;
  const s = {
    a1: { id: 0, slug: '' },
    a2: { id: 0, slug: '' },
    a3: { id: 0, slug: '' },
    b1: { id: 0, slug: '' },
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    orgA = await createOrganization(db);
    const b = await createOrganization(db);
    s.a1 = await createStation(db, orgA.id, { name: 'Alpha Fuels' });
    s.a2 = await createStation(db, orgA.id, { name: 'Beta Fuels' });
    s.a3 = await createStation(db, orgA.id, { name: 'Gamma Fuels' });
    s.b1 = await createStation(db, b.id, { name: 'Other Fuels' });
    admin = await createSignedInUser(db, { organizationId: orgA.id, role: 'admin' });
    member = await createSignedInUser(db, {
      organizationId: orgA.id,
      role: 'member',
      stationIds: [s.a1.id, s.a2.id],
    });
    oneStation = await createSignedInUser(db, {
      organizationId: orgA.id,
      role: 'member',
      stationIds: [s.a2.id],
    });
    otherAdmin = await createSignedInUser(db, { organizationId: b.id, role: 'admin' });
  });

  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    who: Signed,
    payload?: object | string,
  ) => t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });

  const save = async (who: Signed, body: object | string) => {
    const response = await call('POST', '/api/views', who, body);
    return { status: response.statusCode, body: response.json() as TSavedView & { code?: string } };
  };

  describe('views', () => {
    it('saves, lists, renames, replaces and deletes a view, keeping only the filters', async () => {
      const created = await save(member, {
        list: '/incidents',
        name: '  Open critical ',
        search: { status: ['open'], severity: 'critical', sort: '-openedAt', cursor: 'abc', page: 3 },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        list: '/incidents',
        name: 'Open critical',
        search: { status: ['open'], severity: 'critical', sort: '-openedAt' },
      });
      expect(created.body.search).not.toHaveProperty('cursor');
      expect(created.body.search).not.toHaveProperty('page');
      await save(member, {
        list: '/stations/$slug/transactions',
        name: 'UPI',
        search: { mode: 'upi', span: '7d' },
      });

      const all = (await call('GET', '/api/views', member)).json() as TSavedViews;
      expect(all.limit).toBe(SAVED_VIEW_LIMIT);
      expect(all.results.map((view) => view.name)).toEqual(['Open critical', 'UPI']);
      const ofList = (await call('GET', '/api/views?list=/incidents', member)).json() as TSavedViews;
      expect(ofList.results.map((view) => view.name)).toEqual(['Open critical']);

      const renamed = await call('PATCH', `/api/views/${created.body.id}`, member, {
        name: 'Critical, open',
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Critical, open', search: { severity: 'critical' } });
      const replaced = await call('PATCH', `/api/views/${created.body.id}`, member, {
        search: { severity: 'high' },
      });
      expect(replaced.json()).toMatchObject({ name: 'Critical, open', search: { severity: 'high' } });
      expect((await call('GET', `/api/views/${created.body.id}`, member)).json()).toMatchObject({
        search: { severity: 'high' },
      });

      expect((await call('DELETE', `/api/views/${created.body.id}`, member)).statusCode).toBe(204);
      expect((await call('GET', `/api/views/${created.body.id}`, member)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/views/${created.body.id}`, member)).statusCode).toBe(404);
    });

    it('keeps names unique per user and list, without regard to case', async () => {
      const first = await save(admin, { list: '/cards', name: 'Blocked', search: { status: 'blocked' } });
      expect(first.status).toBe(201);
      const again = await save(admin, { list: '/cards', name: ' blocked', search: {} });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('VIEW_NAME_TAKEN');
      // Another list, or another user, may use the name.
      expect((await save(admin, { list: '/incidents', name: 'Blocked', search: {} })).status).toBe(201);
      expect((await save(member, { list: '/cards', name: 'Blocked', search: {} })).status).toBe(201);
      const other = await save(admin, { list: '/cards', name: 'Active', search: {} });
      const clash = await call('PATCH', `/api/views/${other.body.id}`, admin, { name: 'BLOCKED' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().code).toBe('VIEW_NAME_TAKEN');
    });

    it('answers 404 for another user’s or another organisation’s view, and changes nothing', async () => {
      const mine = await save(member, { list: '/vehicles', name: 'Mine', search: { q: 'MH12' } });
      for (const who of [admin, otherAdmin]) {
        expect((await call('GET', `/api/views/${mine.body.id}`, who)).statusCode).toBe(404);
        expect((await call('PATCH', `/api/views/${mine.body.id}`, who, { name: 'Taken' })).statusCode).toBe(
          404,
        );
        expect((await call('DELETE', `/api/views/${mine.body.id}`, who)).statusCode).toBe(404);
        const theirs = (await call('GET', '/api/views', who)).json() as TSavedViews;
        expect(theirs.results.map((view) => view.id)).not.toContain(mine.body.id);
      }
      expect((await call('GET', `/api/views/${mine.body.id}`, member)).json()).toMatchObject({
        name: 'Mine',
      });
    });

    it('refuses bad input with 400 VALIDATION_FAILED and writes nothing', async () => {
      const before = ((await call('GET', '/api/views', oneStation)).json() as TSavedViews).results.length;
      const bad = [
        { list: '/settings/members', name: 'x', search: {} },
        { list: '/incidents', name: '   ', search: {} },
        { list: '/incidents', name: 'x'.repeat(61), search: {} },
        { list: '/incidents', name: 'x', search: { 'bad key': '1' } },
        { list: '/incidents', name: 'x', search: { nested: { a: 1 } } },
        { list: '/incidents', name: 'x', search: 'status=open' },
        {
          list: '/incidents',
          name: 'x',
          search: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, 1])),
        },
      ];
      for (const body of bad) {
        const response = await save(oneStation, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.code).toBe('VALIDATION_FAILED');
      }
      const view = await save(oneStation, { list: '/incidents', name: 'ok', search: {} });
      const patch = await call('PATCH', `/api/views/${view.body.id}`, oneStation, {});
      expect(patch.statusCode).toBe(400);
      expect((await call('GET', '/api/views/abc', oneStation)).statusCode).toBe(400);
      const after = ((await call('GET', '/api/views', oneStation)).json() as TSavedViews).results.length;
      expect(after).toBe(before + 1);
    });

    it('caps the views of one user', async () => {
      const user = await createSignedInUser(t.database.db, { organizationId: orgA.id, role: 'member' });
      for (let i = 0; i < SAVED_VIEW_LIMIT; i++) {
        expect((await save(user, { list: '/incidents', name: `View ${i}`, search: {} })).status).toBe(201);
      }
      const over = await save(user, { list: '/cards', name: 'One more', search: {} });
      expect(over.status).toBe(409);
      expect(over.body.code).toBe('LIMIT_REACHED');
    });

    it('needs a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/views' })).statusCode).toBe(401);
    });
  });

  describe('station pins', () => {
    const pins = async (who: Signed) =>
      ((await call('GET', '/api/station-pins', who)).json() as TStationPins).results.map((pin) => pin.slug);

    it('pins and unpins visible stations, oldest pin first, idempotently', async () => {
      t.clock.advance(1000);
      expect((await call('PUT', `/api/station-pins/${s.a2.slug}`, member)).statusCode).toBe(200);
      t.clock.advance(1000);
      const answer = await call('PUT', `/api/station-pins/${s.a1.slug}`, member);
      expect((answer.json() as TStationPins).results.map((pin) => pin.slug)).toEqual([s.a2.slug, s.a1.slug]);
      expect((await call('PUT', `/api/station-pins/${s.a2.slug}`, member)).statusCode).toBe(200);
      expect(await pins(member)).toEqual([s.a2.slug, s.a1.slug]);
      // Pins are the user's own.
      expect(await pins(admin)).toEqual([]);
      expect((await call('DELETE', `/api/station-pins/${s.a2.slug}`, member)).statusCode).toBe(200);
      expect(await pins(member)).toEqual([s.a1.slug]);
    });

    it('answers 404 for a station the caller does not see', async () => {
      expect((await call('PUT', `/api/station-pins/${s.a3.slug}`, member)).statusCode).toBe(404);
      expect((await call('PUT', `/api/station-pins/${s.b1.slug}`, admin)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/station-pins/${s.b1.slug}`, admin)).statusCode).toBe(404);
      expect(await pins(admin)).toEqual([]);
    });
  });

  describe('home page', () => {
    const home = async (who: Signed) => (await call('GET', '/api/home', who)).json() as THomePage;

    it('lands each role by its rule', async () => {
      expect(await home(admin)).toMatchObject({ to: '/command', source: 'role', choice: { kind: 'auto' } });
      expect(await home(oneStation)).toMatchObject({ to: '/stations/$slug', params: { slug: s.a2.slug } });
      expect(await home(member)).toMatchObject({ to: '/stations', params: {}, source: 'role' });
      // An organisation without stations yet: its admin sets it up from the station list.
      const empty = await createOrganization(t.database.db);
      const newAdmin = await createSignedInUser(t.database.db, { organizationId: empty.id, role: 'admin' });
      expect(await home(newAdmin)).toMatchObject({ to: '/stations', source: 'role' });
    });

    it('follows the user’s choice, and falls back to the role when it no longer leads anywhere', async () => {
      const station = await call('PUT', '/api/home', member, { kind: 'station', station: s.a2.slug });
      expect(station.statusCode).toBe(200);
      expect(station.json()).toMatchObject({
        to: '/stations/$slug',
        params: { slug: s.a2.slug },
        source: 'choice',
        choice: { kind: 'station', station: s.a2.slug },
        choiceLabel: 'Beta Fuels',
      });
      // A station the caller does not see cannot be chosen.
      expect(
        (await call('PUT', '/api/home', member, { kind: 'station', station: s.a3.slug })).statusCode,
      ).toBe(404);

      const view = await save(member, { list: '/incidents', name: 'Home view', search: { status: 'open' } });
      const byView = await call('PUT', '/api/home', member, { kind: 'view', viewId: view.body.id });
      expect(byView.json()).toMatchObject({
        to: '/incidents',
        search: { status: 'open' },
        choiceLabel: 'Home view',
      });
      // Another user's view cannot be chosen; a view of a station's list cannot be a home page.
      const foreign = await save(admin, { list: '/incidents', name: 'Admin view', search: {} });
      expect(
        (await call('PUT', '/api/home', member, { kind: 'view', viewId: foreign.body.id })).statusCode,
      ).toBe(404);
      const stationView = await save(member, { list: '/stations/$slug/payments', name: 'Cash', search: {} });
      const refused = await call('PUT', '/api/home', member, { kind: 'view', viewId: stationView.body.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
      expect(await home(member)).toMatchObject({ to: '/incidents', source: 'choice' });

      // Deleting the view takes the choice with it.
      await call('DELETE', `/api/views/${view.body.id}`, member);
      expect(await home(member)).toMatchObject({ to: '/stations', source: 'role', choice: { kind: 'auto' } });

      expect((await call('PUT', '/api/home', member, { kind: 'command' })).json()).toMatchObject({
        to: '/command',
      });
      expect((await call('PUT', '/api/home', member, { kind: 'auto' })).json()).toMatchObject({
        source: 'role',
      });
      expect((await call('PUT', '/api/home', member, { kind: 'elsewhere' })).statusCode).toBe(400);
    });
  });

  describe('clean-up', () => {
    it('removes pins and home pages of a deleted station, and everything of a membership that ends', async () => {
      const db = t.database.db;
      const station = await createStation(db, orgA.id, { name: 'Delta Fuels' });
      const user = await createSignedInUser(db, { organizationId: orgA.id, role: 'member' });
      await call('PUT', `/api/station-pins/${station.slug}`, user);
      await call('PUT', '/api/home', user, { kind: 'station', station: station.slug });
      await save(user, { list: '/incidents', name: 'Kept until leaving', search: {} });
      await db.deleteFrom('stations').where('id', '=', station.id).execute();
      expect((await call('GET', '/api/station-pins', user)).json()).toMatchObject({ results: [] });
      const owned = (table: 'stationPins' | 'homePages' | 'savedViews') =>
        db.selectFrom(table).select('userId').where('userId', '=', user.user.id).execute();
      expect(await owned('stationPins')).toHaveLength(0);
      expect(await owned('homePages')).toHaveLength(0);
      expect(await owned('savedViews')).toHaveLength(1);

      const other = await createStation(db, orgA.id, { name: 'Epsilon Fuels' });
      await call('PUT', `/api/station-pins/${other.slug}`, user);
      await call('PUT', '/api/home', user, { kind: 'stations' });
      await db
        .deleteFrom('memberships')
        .where('userId', '=', user.user.id)
        .where('organizationId', '=', orgA.id)
        .execute();
      expect(await owned('stationPins')).toHaveLength(0);
      expect(await owned('homePages')).toHaveLength(0);
      expect(await owned('savedViews')).toHaveLength(0);
    });
  });
});
