import type { TStationList } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';

describe('GET /api/stations', () => {
  let t: TestApp;
  let main: { id: number };
  let other: { id: number };
  let admin: Record<string, string>;
  const stationIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    main = await createOrganization(db, { name: 'Main' });
    other = await createOrganization(db, { name: 'Other' });
    const specs = [
      {
        name: 'Andheri East',
        slug: 'andheri-east',
        city: 'Mumbai',
        status: 'operational',
        fuelProvider: 'BPCL',
        fuels: ['petrol', 'diesel', 'cng'],
      },
      {
        name: 'Baner Road',
        slug: 'baner-road',
        city: 'Pune',
        status: 'degraded',
        fuelProvider: 'IOCL',
        fuels: ['petrol', 'diesel'],
      },
      {
        name: 'Connaught Place',
        slug: 'connaught-place',
        city: 'New Delhi',
        status: 'offline',
        fuelProvider: 'HPCL',
        fuels: ['petrol', 'ev'],
      },
      {
        name: 'Dwarka Sector 10',
        slug: 'dwarka-10',
        city: 'New Delhi',
        status: 'operational',
        fuelProvider: 'IOCL',
        fuels: ['diesel'],
      },
      {
        name: '100% Fuel_Stop',
        slug: 'percent-stop',
        city: 'Jaipur',
        status: 'closed',
        fuelProvider: 'Nayara',
        fuels: ['petrol'],
      },
    ] as const;
    for (const spec of specs) {
      const row = await createStation(db, main.id, { ...spec, fuels: [...spec.fuels] });
      stationIds[spec.slug] = row.id;
    }
    await createStation(db, other.id, { name: 'Elsewhere', slug: 'elsewhere', city: 'Pune' });
    admin = (await createSignedInUser(db, { organizationId: main.id, role: 'admin' })).headers;
  });
  afterAll(() => t.close());

  async function list(query: string, headers = admin): Promise<TStationList> {
    const response = await t.app.inject({ method: 'GET', url: `/api/stations${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('lists only the caller organisation, sorted by name, with count and pages', async () => {
    const body = await list('');
    expect(body.count).toBe(5);
    expect(body.pages).toBe(1);
    expect(body.results.map((s) => s.slug)).toEqual([
      'percent-stop',
      'andheri-east',
      'baner-road',
      'connaught-place',
      'dwarka-10',
    ]);
    expect(body.results[1]).toMatchObject({ fuels: ['petrol', 'diesel', 'cng'], fuelProvider: 'BPCL' });
  });

  it('pages with limit and page', async () => {
    const first = await list('?limit=2&page=0');
    const third = await list('?limit=2&page=2');
    expect(first.pages).toBe(3);
    expect(first.results).toHaveLength(2);
    expect(third.results.map((s) => s.slug)).toEqual(['dwarka-10']);
  });

  it('sorts descending with a leading minus', async () => {
    const body = await list('?sort=-city');
    expect(body.results[0]?.city).toBe('Pune');
    expect(body.results.at(-1)?.city).toBe('Jaipur');
  });

  it('filters by q over name, code and city, case-insensitively, treating % and _ literally', async () => {
    expect((await list('?q=delhi')).results.map((s) => s.slug)).toEqual(['connaught-place', 'dwarka-10']);
    expect((await list('?q=BANER')).count).toBe(1);
    expect((await list('?q=100%25')).results.map((s) => s.slug)).toEqual(['percent-stop']);
    expect((await list('?q=l_s')).results.map((s) => s.slug)).toEqual(['percent-stop']);
    expect((await list('?q=e_s')).count).toBe(0);
  });

  it('filters by status and fuel provider as repeated keys or comma lists', async () => {
    expect((await list('?status=operational')).count).toBe(2);
    expect((await list('?status=offline,closed')).count).toBe(2);
    expect((await list('?fuelProvider=IOCL&fuelProvider=HPCL')).count).toBe(3);
  });

  it('exports every matching station of the organisation as CSV, in the list sort, past one page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/stations?format=csv&sort=-city&status=operational,degraded,offline&limit=1',
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="stations-\d{8}\.csv"/);
    const [header, ...rows] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'Name,Code,Slug,Status,Fuel provider,Fuels,City,State,Address,Pincode,Latitude,Longitude,Dispensers,Opened on',
    );
    // limit and page are the screen's; the file holds every match (not another organisation's).
    const shown = await list('?sort=-city&status=operational,degraded,offline');
    expect(shown.results).toHaveLength(4);
    expect(rows.map((row) => row.split(',')[2])).toEqual(shown.results.map((s) => s.slug));
    expect(rows[0]).toContain(',petrol diesel,');
  });

  it('filters by fuels: stations selling any of them', async () => {
    expect((await list('?fuels=cng')).results.map((s) => s.slug)).toEqual(['andheri-east']);
    expect((await list('?fuels=ev,cng')).count).toBe(2);
  });

  it('answers bad input with 400 VALIDATION_FAILED and never 5xx', async () => {
    for (const query of [
      '?limit=0',
      '?limit=abc',
      '?page=-1',
      '?sort=password',
      '?status=burning',
      '?fuels=coal',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/stations${query}`, headers: admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(response.json().message).toMatch(/Invalid querystring/);
    }
  });

  it('shows a member only their stations', async () => {
    const { headers } = await createSignedInUser(t.database.db, {
      organizationId: main.id,
      role: 'member',
      stationIds: [stationIds['baner-road']!],
    });
    const body = await list('', headers);
    expect(body.results.map((s) => s.slug)).toEqual(['baner-road']);
    const hidden = await t.app.inject({ method: 'GET', url: '/api/stations/andheri-east', headers });
    expect(hidden.statusCode).toBe(404);
  });

  it('answers 403 FORBIDDEN to a member whose scope lacks stations:r', async () => {
    const { headers } = await createSignedInUser(t.database.db, {
      organizationId: main.id,
      role: 'member',
      scope: 'incidents:r',
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/stations', headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
  });

  it('answers 403 FORBIDDEN to a signed-in user without an organisation', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    const response = await t.app.inject({ method: 'GET', url: '/api/stations', headers });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('answers 401 when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/stations' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
    const bad = await t.app.inject({ method: 'GET', url: '/api/stations?limit=0' });
    expect(bad.statusCode, 'authentication comes before validation').toBe(401);
  });
});

describe('GET /api/stations/:slug', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const a = await createOrganization(t.database.db);
    const b = await createOrganization(t.database.db);
    await createStation(t.database.db, a.id, { slug: 'mine', name: 'Mine' });
    await createStation(t.database.db, b.id, { slug: 'theirs', name: 'Theirs' });
    headers = (await createSignedInUser(t.database.db, { organizationId: a.id, role: 'member' })).headers;
  });
  afterAll(() => t.close());

  it('returns the station', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/stations/mine', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ slug: 'mine', name: 'Mine', status: 'operational' });
  });

  it("answers 404 for another organisation's station, exactly as for an unknown one", async () => {
    const theirs = await t.app.inject({ method: 'GET', url: '/api/stations/theirs', headers });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/stations/nowhere', headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect(theirs.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Station was not found' });
  });
});
