import type {
  TApiKeyCreated,
  TOnboardingStatus,
  TStation,
  TStationCreateRequest,
} from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { fillRows, insertFills } from '../operations/testing';

const STATION: TStationCreateRequest = {
  name: 'Wakad Junction',
  code: 'WKD-1',
  fuelProvider: 'IOCL',
  status: 'operational',
  city: 'Pune',
  state: 'Maharashtra',
  address: 'Mumbai–Bengaluru Highway, Wakad',
  pincode: '411057',
  lat: 18.5987,
  lng: 73.7603,
  lanes: 1,
  openedOn: '2026-11-20',
  dispensers: [{ code: 'DU-1', lane: 1, make: 'Midco', nozzles: [{ number: 1, side: 'A', fuel: 'diesel' }] }],
};

describe('GET /api/onboarding: a new organisation is set up step by step', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let otherAdmin: Record<string, string>;
  let member: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const fresh = await createOrganization(db, { name: 'Fresh Fuels' });
    const other = await createOrganization(db, { name: 'Other' });
    admin = (await createSignedInUser(db, { organizationId: fresh.id, role: 'admin' })).headers;
    otherAdmin = (await createSignedInUser(db, { organizationId: other.id, role: 'admin' })).headers;
    member = (await createSignedInUser(db, { organizationId: other.id, role: 'member' })).headers;
  });
  afterAll(() => t.close());

  const status = async (headers = admin) => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return answer.json<TOnboardingStatus>();
  };

  it('moves from nothing to complete: station, key, first data, a second person', async () => {
    expect(await status()).toEqual({
      stations: 0,
      stationsWithKey: 0,
      stationsReporting: 0,
      people: 0,
      nextStationSlug: null,
      complete: false,
    });

    const station = (
      await t.app.inject({ method: 'POST', url: '/api/stations', headers: admin, payload: STATION })
    ).json<TStation>();
    expect(await status()).toMatchObject({ stations: 1, stationsWithKey: 0, nextStationSlug: station.slug });

    const key = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${station.slug}/api-keys`,
      headers: admin,
      payload: { name: 'Forecourt controller' },
    });
    expect(key.statusCode).toBe(201);
    expect(await status()).toMatchObject({ stationsWithKey: 1, stationsReporting: 0, nextStationSlug: null });

    const dispensers = await t.app.inject({
      method: 'GET',
      url: `/api/stations/${station.slug}/dispensers`,
      headers: admin,
    });
    const nozzleId = dispensers.json<{ results: { nozzles: { id: number }[] }[] }>().results[0]?.nozzles[0]
      ?.id;
    const ingest = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { authorization: `ApiKey ${key.json<TApiKeyCreated>().secret}` },
      payload: {
        nozzleStates: [{ sourceId: 'first', nozzleId, status: 'idle', at: new Date().toISOString() }],
      },
    });
    expect(ingest.statusCode).toBe(200);
    expect(await status()).toMatchObject({ stationsReporting: 1, people: 0, complete: false });

    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/members/invitations',
      headers: admin,
      payload: { email: 'manager@fresh.example', role: 'member' },
    });
    expect(invite.statusCode).toBe(201);
    expect(await status()).toMatchObject({ people: 1, complete: true });
  });

  it('counts a station whose fills arrive without a key (simulator, import) as connected and reporting', async () => {
    const db = t.database.db;
    const org = await createOrganization(db, { name: 'Simulated Fuels' });
    const headers = (await createSignedInUser(db, { organizationId: org.id, role: 'admin' })).headers;
    const quiet = await createStation(db, org.id);
    const busy = await createStation(db, org.id);
    expect(await status(headers)).toMatchObject({ stations: 2, stationsWithKey: 0, stationsReporting: 0 });
    await insertFills(db, fillRows({ id: busy.id, organizationId: org.id }, 3, { latest: Date.now() }));
    expect(await status(headers)).toMatchObject({
      stations: 2,
      stationsWithKey: 1,
      stationsReporting: 1,
      nextStationSlug: quiet.slug,
    });
  });

  it("counts only the caller's organisation, and is for admins", async () => {
    expect(await status(otherAdmin)).toMatchObject({ stations: 0, people: 1 });
    const refused = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: member });
    expect(refused.statusCode).toBe(403);
  });
});
