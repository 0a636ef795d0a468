import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';

type Headers = Record<string, string>;

/** Real places around Pune; straight-line distances from Shivajinagar as a map measures them. */
const PLACES = {
  shivajinagar: { lat: 18.5308, lng: 73.8475 },
  hadapsar: { lat: 18.5089, lng: 73.926 }, // ≈ 8.6 km
  pimpri: { lat: 18.6298, lng: 73.7997 }, // ≈ 12 km
  lonavala: { lat: 18.7546, lng: 73.4062 }, // ≈ 52 km
  mumbai: { lat: 19.076, lng: 72.8777 }, // ≈ 119 km
};

describe('GET /api/stations/:slug/nearby', () => {
  let t: TestApp;
  let admin: Headers;
  let member: Headers;
  let otherAdmin: Headers;
  const slug: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    const ids: Record<string, number> = {};
    for (const [name, place] of Object.entries(PLACES)) {
      const station = await createStation(db, a.id, { name: `Near ${name}` });
      await db.updateTable('stations').set(place).where('id', '=', station.id).execute();
      slug[name] = station.slug;
      ids[name] = station.id;
    }
    // Another organisation's station at the very same spot: never listed.
    const foreign = await createStation(db, b.id, { name: 'Foreign neighbour' });
    await db.updateTable('stations').set(PLACES.shivajinagar).where('id', '=', foreign.id).execute();
    slug.foreign = foreign.slug;
    admin = (await createSignedInUser(db, { organizationId: a.id, role: 'admin' })).headers;
    member = (
      await createSignedInUser(db, {
        organizationId: a.id,
        role: 'member',
        stationIds: [ids.shivajinagar as number, ids.lonavala as number],
      })
    ).headers;
    otherAdmin = (await createSignedInUser(db, { organizationId: b.id, role: 'admin' })).headers;
  });
  afterAll(() => t.close());

  const nearby = (name: string, query = '', headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/stations/${slug[name]}/nearby${query}`, headers });
  const names = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);

  it('lists the nearest stations of the organisation first, within 100 km by default', async () => {
    const response = await nearby('shivajinagar');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.radiusKm).toBe(100);
    expect(names(body)).toEqual(['Near hadapsar', 'Near pimpri', 'Near lonavala']);
    const [hadapsar, pimpri, lonavala] = body.results as { distanceMetres: number }[];
    expect(hadapsar?.distanceMetres).toBeGreaterThan(8_000);
    expect(hadapsar?.distanceMetres).toBeLessThan(9_200);
    expect(pimpri?.distanceMetres).toBeGreaterThan(11_500);
    expect(pimpri?.distanceMetres).toBeLessThan(12_800);
    expect(lonavala?.distanceMetres).toBeGreaterThan(50_000);
    expect(lonavala?.distanceMetres).toBeLessThan(54_000);
  });

  it('takes a limit and a radius', async () => {
    expect(names((await nearby('shivajinagar', '?limit=2')).json())).toEqual([
      'Near hadapsar',
      'Near pimpri',
    ]);
    const wide = (await nearby('shivajinagar', '?radiusKm=150')).json();
    expect(names(wide).at(-1)).toBe('Near mumbai');
    const mumbai = wide.results.at(-1) as { distanceMetres: number };
    expect(mumbai.distanceMetres).toBeGreaterThan(115_000);
    expect(mumbai.distanceMetres).toBeLessThan(123_000);
    expect(names((await nearby('mumbai', '?radiusKm=20')).json())).toEqual([]);
  });

  it('shows a member only the stations they were granted', async () => {
    expect(names((await nearby('shivajinagar', '', member)).json())).toEqual(['Near lonavala']);
    expect((await nearby('hadapsar', '', member)).statusCode).toBe(404);
  });

  it("answers 404 for another organisation's station and 400 for bad bounds", async () => {
    const foreign = await nearby('foreign');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await nearby('shivajinagar', '', otherAdmin)).statusCode).toBe(404);
    expect(names((await nearby('foreign', '', otherAdmin)).json())).toEqual([]);
    for (const query of ['?limit=0', '?limit=21', '?radiusKm=0', '?radiusKm=501', '?radiusKm=far']) {
      const response = await nearby('shivajinagar', query);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
