import type { TStationProfileDetail, TStationProfileList, TStationProfileUpdate } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { insertProfile } from './testing';

const MINUTE = 60_000;
type Headers = Record<string, string>;

describe('station profiles', () => {
  let t: TestApp;
  let admin: { headers: Headers; user: { id: number } };
  let member: { headers: Headers };
  let otherAdmin: { headers: Headers };
  const slugs: string[] = [];
  let bare = '';
  let foreign = '';

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const now = t.clock.now();
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    // 45 stations with profiles, one a minute apart (the first newest), and one without.
    const memberStations: number[] = [];
    for (let i = 0; i < 45; i++) {
      const station = await createStation(db, a.id, { name: `Profiled ${String(i).padStart(2, '0')}` });
      slugs.push(station.slug);
      if (i < 2) memberStations.push(station.id);
      await insertProfile(db, {
        organizationId: a.id,
        stationId: station.id,
        createdAt: now - (i + 1) * MINUTE,
        displayName: `Profile ${String(44 - i).padStart(2, '0')}`,
        isPublished: i % 5 !== 0,
      });
    }
    bare = (await createStation(db, a.id, { name: 'No profile yet' })).slug;
    const other = await createStation(db, b.id);
    foreign = other.slug;
    await insertProfile(db, { organizationId: b.id, stationId: other.id, createdAt: now });
    admin = await createSignedInUser(db, { organizationId: a.id, role: 'admin' });
    member = await createSignedInUser(db, {
      organizationId: a.id,
      role: 'member',
      stationIds: memberStations,
    });
    otherAdmin = await createSignedInUser(db, { organizationId: b.id, role: 'admin' });
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'GET', url, headers });
  const put = (slug: string, payload: TStationProfileUpdate, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: `/api/stations/${slug}/profile`, headers, payload });

  const body = (overrides: Partial<TStationProfileUpdate> = {}): TStationProfileUpdate => ({
    displayName: 'Highway Fuels',
    description: 'Open all day on the highway.',
    amenities: ['air', 'food', 'parking'],
    hours: { mon: [{ open: '00:00', close: '24:00' }], sun: [{ open: '07:00', close: '21:00' }] },
    photos: [{ url: 'https://files.example.test/front.jpg', caption: 'Front' }],
    phone: '+91 98000 00001',
    email: 'Highway@Example.test',
    isPublished: true,
    ...overrides,
  });

  describe('GET /api/station-profiles', () => {
    it('pages 40 at a time, newest first, with the station of each profile', async () => {
      const first = await get('/api/station-profiles');
      expect(first.statusCode, first.body).toBe(200);
      const page = first.json<TStationProfileList>();
      expect(page.count).toBe(45);
      expect(page.pages).toBe(2);
      expect(page.results).toHaveLength(40);
      const created = page.results.map((row) => Date.parse(row.createdAt));
      expect(created).toEqual([...created].sort((x, y) => y - x));
      expect(page.results[0]?.stationSlug).toBe(slugs[0]);
      expect(page.results[0]?.amenities).toEqual(['air', 'water']);
      expect(page.results[0]?.hours.mon).toEqual([{ open: '06:00', close: '22:00' }]);
      const second = (await get('/api/station-profiles?page=1')).json<TStationProfileList>();
      expect(second.results).toHaveLength(5);
      expect(second.results.at(-1)?.stationSlug).toBe(slugs[44]);
    });

    it('sorts by display name and filters by published', async () => {
      const byName = (
        await get('/api/station-profiles?sort=displayName&limit=3')
      ).json<TStationProfileList>();
      expect(byName.results.map((row) => row.displayName)).toEqual([
        'Profile 00',
        'Profile 01',
        'Profile 02',
      ]);
      const drafts = (await get('/api/station-profiles?isPublished=false')).json<TStationProfileList>();
      expect(drafts.count).toBe(9);
      expect(drafts.results.every((row) => !row.isPublished)).toBe(true);
    });

    it('shows a member only the profiles of their stations, and no other organisation’s', async () => {
      const mine = (await get('/api/station-profiles', member.headers)).json<TStationProfileList>();
      expect(mine.results.map((row) => row.stationSlug).sort()).toEqual([slugs[0], slugs[1]].sort());
      const other = (await get('/api/station-profiles', otherAdmin.headers)).json<TStationProfileList>();
      expect(other.results.map((row) => row.stationSlug)).toEqual([foreign]);
    });

    it('rejects a bad sort or page with 400', async () => {
      expect((await get('/api/station-profiles?sort=phone')).statusCode).toBe(400);
      expect((await get('/api/station-profiles?page=-1')).statusCode).toBe(400);
    });

    it('exports every matching profile as CSV', async () => {
      const response = await get('/api/station-profiles?format=csv&isPublished=true');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const lines = response.body.trim().split('\r\n');
      expect(lines[0]).toContain('Station,Slug,Display name,Published');
      expect(lines).toHaveLength(1 + 36);
    });
  });

  describe('GET /api/stations/:slug/profile', () => {
    it('answers the profile with its audit trail', async () => {
      const response = await get(`/api/stations/${slugs[3]}/profile`);
      expect(response.statusCode, response.body).toBe(200);
      const profile = response.json<TStationProfileDetail>();
      expect(profile.stationSlug).toBe(slugs[3]);
      expect(profile.photos).toEqual([{ url: 'https://files.example.test/a.jpg', caption: 'Front' }]);
      expect(profile.audit).toEqual([]);
    });

    it('is 404 for another organisation’s station, a member’s other station and a station without one', async () => {
      expect((await get(`/api/stations/${foreign}/profile`)).statusCode).toBe(404);
      expect((await get(`/api/stations/${slugs[5]}/profile`, member.headers)).statusCode).toBe(404);
      expect((await get(`/api/stations/${slugs[1]}/profile`, member.headers)).statusCode).toBe(200);
      const none = await get(`/api/stations/${bare}/profile`);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('PUT /api/stations/:slug/profile', () => {
    it('replaces the profile and audits the changed fields', async () => {
      const response = await put(slugs[9] as string, body());
      expect(response.statusCode, response.body).toBe(200);
      const profile = response.json<TStationProfileDetail>();
      expect(profile).toMatchObject({
        displayName: 'Highway Fuels',
        amenities: ['air', 'food', 'parking'],
        email: 'highway@example.test',
        phone: '+91 98000 00001',
      });
      expect(profile.hours.sun).toEqual([{ open: '07:00', close: '21:00' }]);
      expect(profile.audit).toHaveLength(1);
      const entry = profile.audit[0];
      expect(entry?.action).toBe('station_profile.updated');
      expect(entry?.actor?.id).toBe(admin.user.id);
      const changes = entry?.data.changes as Record<string, { from: unknown; to: unknown }>;
      expect(Object.keys(changes).sort()).toEqual(
        ['amenities', 'description', 'displayName', 'email', 'hours', 'phone', 'photos'].sort(),
      );
      expect(changes.amenities).toEqual({ from: ['air', 'water'], to: ['air', 'food', 'parking'] });
      // Read back: stored, and the same answer.
      const again = (await get(`/api/stations/${slugs[9]}/profile`)).json<TStationProfileDetail>();
      expect(again.displayName).toBe('Highway Fuels');
    });

    it('writes no audit entry when nothing changed', async () => {
      await put(slugs[11] as string, body());
      const second = (await put(slugs[11] as string, body())).json<TStationProfileDetail>();
      expect(second.audit).toHaveLength(1);
    });

    it('creates the profile of a station that has none', async () => {
      const response = await put(bare, body({ displayName: 'Brand new' }));
      expect(response.statusCode, response.body).toBe(200);
      const profile = response.json<TStationProfileDetail>();
      expect(profile.displayName).toBe('Brand new');
      expect(profile.audit.map((entry) => entry.action)).toEqual(['station_profile.created']);
    });

    it('is 409 when the profile changed since the editor loaded it', async () => {
      const slug = slugs[12] as string;
      const loaded = (await get(`/api/stations/${slug}/profile`)).json<TStationProfileDetail>();
      t.clock.advance(1_000);
      const first = await put(slug, body({ expectedUpdatedAt: loaded.updatedAt }));
      expect(first.statusCode, first.body).toBe(200);
      const stale = await put(slug, body({ displayName: 'Lost edit', expectedUpdatedAt: loaded.updatedAt }));
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'CONFLICT' });
      const kept = (await get(`/api/stations/${slug}/profile`)).json<TStationProfileDetail>();
      expect(kept.displayName).toBe('Highway Fuels');
    });

    it('validates the body (400)', async () => {
      const slug = slugs[13] as string;
      const cases: Partial<TStationProfileUpdate>[] = [
        { hours: { mon: [{ open: '22:00', close: '06:00' }] } },
        { hours: { mon: [{ open: '25:00', close: '26:00' }] } },
        { amenities: ['air', 'air'] },
        { amenities: ['helipad' as 'air'] },
        { photos: [{ url: 'javascript:alert(1)' }] },
        { email: 'not-an-email' },
        { phone: 'call me' },
        { displayName: ' ' },
      ];
      for (const overrides of cases) {
        const response = await put(slug, body(overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    });

    it('is for admins: 403 for a member, 404 for another organisation’s station', async () => {
      expect((await put(slugs[0] as string, body(), member.headers)).statusCode).toBe(403);
      expect((await put(foreign, body())).statusCode).toBe(404);
      expect((await put(slugs[0] as string, body(), otherAdmin.headers)).statusCode).toBe(404);
    });
  });
});
