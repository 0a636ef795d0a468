import type { TStation, TStationCreateRequest } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser } from '../../test/factories';

const NEW_STATION: TStationCreateRequest = {
  name: 'Hinjewadi Phase 2',
  code: 'pn-hjw-02',
  fuelProvider: 'BPCL',
  status: 'operational',
  city: 'Pune',
  state: 'Maharashtra',
  address: 'Plot 14, Rajiv Gandhi Infotech Park',
  pincode: '411057',
  lat: 18.5913,
  lng: 73.7389,
  lanes: 2,
  openedOn: '2026-11-01',
  dispensers: [
    {
      code: 'du-01',
      lane: 1,
      make: 'Tokheim',
      nozzles: [
        { number: 1, side: 'A', fuel: 'petrol' },
        { number: 2, side: 'B', fuel: 'diesel' },
      ],
    },
    { code: 'du-02', lane: 2, make: 'Gilbarco', nozzles: [{ number: 1, side: 'A', fuel: 'cng' }] },
  ],
};

describe('POST /api/stations', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let otherAdmin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const main = await createOrganization(db, { name: 'Main' });
    const other = await createOrganization(db, { name: 'Other' });
    admin = (await createSignedInUser(db, { organizationId: main.id, role: 'admin' })).headers;
    member = (await createSignedInUser(db, { organizationId: main.id, role: 'member', stationIds: [] }))
      .headers;
    otherAdmin = (await createSignedInUser(db, { organizationId: other.id, role: 'admin' })).headers;
  });
  afterAll(() => t.close());

  const post = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/stations', headers, payload: payload as object });

  it('adds the station with its forecourt: listed, readable, fuels from its nozzles', async () => {
    const created = await post(admin, NEW_STATION);
    expect(created.statusCode).toBe(201);
    const station = created.json<TStation>();
    expect(station).toMatchObject({
      slug: 'hinjewadi-phase-2-pune',
      code: 'PN-HJW-02',
      dispenserCount: 2,
      fuels: ['petrol', 'diesel', 'cng'],
    });
    const read = await t.app.inject({ method: 'GET', url: `/api/stations/${station.slug}`, headers: admin });
    expect(read.json()).toEqual(station);
    const dispensers = await t.app.inject({
      method: 'GET',
      url: `/api/stations/${station.slug}/dispensers`,
      headers: admin,
    });
    expect(dispensers.statusCode).toBe(200);
    const list = dispensers.json<{ results: { code: string; nozzles: { fuel: string }[] }[] }>().results;
    expect(list.map((d) => [d.code, d.nozzles.map((n) => n.fuel)])).toEqual([
      ['DU-01', ['petrol', 'diesel']],
      ['DU-02', ['cng']],
    ]);
  });

  it('gives a second station of the same name and city the next free slug; a taken code is 409', async () => {
    const again = await post(admin, NEW_STATION);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STATION_CODE_TAKEN' });
    const second = await post(otherAdmin, NEW_STATION);
    expect(second.statusCode).toBe(201);
    expect(second.json<TStation>().slug).toBe('hinjewadi-phase-2-pune-2');
    // Each organisation sees only its own.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/stations/hinjewadi-phase-2-pune-2',
      headers: admin,
    });
    expect(mine.statusCode).toBe(404);
  });

  it('refuses bad input with a field-level 400 and writes nothing', async () => {
    const cases: unknown[] = [
      { ...NEW_STATION, code: 'X2', lat: 51.5, lng: -0.12 },
      { ...NEW_STATION, code: 'X3', pincode: '01234' },
      { ...NEW_STATION, code: 'X4', dispensers: [] },
      {
        ...NEW_STATION,
        code: 'X5',
        dispensers: [NEW_STATION.dispensers[0], { ...NEW_STATION.dispensers[1], code: 'DU-01' }],
      },
      { ...NEW_STATION, code: 'X6', lanes: 1 },
      {
        ...NEW_STATION,
        code: 'X7',
        dispensers: [{ ...NEW_STATION.dispensers[0], nozzles: [{ number: 1, side: 'A', fuel: 'hydrogen' }] }],
      },
    ];
    for (const payload of cases) {
      const answer = await post(admin, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/stations?q=X', headers: admin });
    expect(list.json<{ results: TStation[] }>().results.map((s) => s.code)).not.toContain('X2');
    const count = await t.database.db
      .selectFrom('stations')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('is for admins: a member is refused', async () => {
    const answer = await post(member, { ...NEW_STATION, code: 'M1' });
    expect(answer.statusCode).toBe(403);
  });
});
