import type {
  TChallanPage,
  TCustomerPage,
  TPaymentPage,
  TVehicleDetail,
  TVehiclePage,
  TVehicleSightingPage,
} from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { refreshSalesRollups } from '../metrics/sales-rollup.repository';
import {
  fillRows,
  insertChallans,
  insertFills,
  insertPaymentsFor,
  insertSightingsFor,
  insertVehicles,
} from './testing';

const MINUTE = 60_000;
const DAY = 86_400_000;
const REGISTRATIONS = ['MH12AB1234', 'MH14CD5678', 'KA01EF9012'];

describe('payments, vehicles, challans and customers', () => {
  let t: TestApp;
  let now: number;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let otherAdmin: Record<string, string>;
  const ids = { s1: 0, s2: 0, s3: 0, fleet: 0, person: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    now = t.clock.now();
    const db = t.database.db;
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    const s1 = await createStation(db, a.id, { slug: 'l-one' });
    const s2 = await createStation(db, a.id, { slug: 'l-two' });
    const s3 = await createStation(db, b.id, { slug: 'l-other' });
    const customer = (name: string, kind: string, organizationId = a.id) =>
      db
        .insertInto('customers')
        .values({
          organizationId,
          name,
          kind,
          phone: '+919800000000',
          email: null,
          homeStationId: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const fleet = await customer('Ganga Logistics', 'fleet');
    const person = await customer('Asha Rao', 'individual');
    Object.assign(ids, { s1: s1.id, s2: s2.id, s3: s3.id, fleet: fleet.id, person: person.id });
    await insertFills(
      db,
      fillRows(s1, 90, {
        latest: now - 10 * MINUTE,
        registrations: REGISTRATIONS,
        customerIds: [fleet.id, fleet.id, person.id],
      }),
    );
    await insertFills(
      db,
      fillRows(s2, 30, { latest: now - 12 * MINUTE, registrations: ['DL3CAB0001'], customerIds: [fleet.id] }),
    );
    await insertFills(db, fillRows(s3, 10, { latest: now - 10 * MINUTE, registrations: ['MH12AB1234'] }));
    // The customer rankings read whole weeks from the rollup the sales refresh keeps.
    await refreshSalesRollups(db, { fromMs: now - 2 * DAY, toMs: now + MINUTE });
    for (const station of [s1, s2, s3]) {
      await insertPaymentsFor(db, station.id);
      await insertSightingsFor(db, station.id, station.id === s1.id ? 5 : 0);
    }
    const vehicle = (
      organizationId: number,
      registration: string,
      lastSeenAt: number,
      isWatchlisted = 0,
    ) => ({
      organizationId,
      registration,
      vehicleClass: 'car',
      fuel: 'petrol',
      customerId: null,
      firstSeenAt: lastSeenAt - 30 * DAY,
      lastSeenAt,
      isWatchlisted,
      createdAt: now,
      updatedAt: now,
    });
    await insertVehicles(db, [
      vehicle(a.id, 'MH12AB1234', now - MINUTE),
      vehicle(a.id, 'MH14CD5678', now - 8 * MINUTE, 1),
      vehicle(a.id, 'KA01EF9012', now - 15 * MINUTE),
      vehicle(a.id, 'DL3CAB0001', now - 2 * MINUTE),
      vehicle(b.id, 'MH12AB1234', now - MINUTE),
    ]);
    const challan = (
      organizationId: number,
      stationId: number | null,
      n: number,
      status: string,
      registration: string,
    ) => ({
      organizationId,
      stationId,
      challanNo: `CH${n}`,
      registration,
      challanTime: now - n * DAY,
      place: 'Ring Road',
      stateCode: n % 2 ? 'MH' : 'DL',
      department: 'Traffic Police',
      offences: JSON.stringify([{ act: 'S177', name: 'General offence', finePaise: 50_000 }]),
      finePaise: 50_000 * n,
      status,
      paidAt: status === 'paid' ? now - DAY : null,
      court: null,
    });
    await insertChallans(db, [
      challan(a.id, s1.id, 1, 'pending', 'MH12AB1234'),
      challan(a.id, s1.id, 2, 'paid', 'MH12AB1234'),
      challan(a.id, s2.id, 3, 'pending', 'DL3CAB0001'),
      challan(a.id, null, 4, 'in_court', 'MH12AB1234'),
      challan(a.id, s1.id, 45, 'pending', 'KA01EF9012'),
      challan(b.id, s3.id, 5, 'pending', 'MH12AB1234'),
    ]);
    admin = (await createSignedInUser(db, { organizationId: a.id, role: 'admin' })).headers;
    member = (await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s1.id] }))
      .headers;
    otherAdmin = (await createSignedInUser(db, { organizationId: b.id, role: 'admin' })).headers;
  });
  afterAll(() => t.close());

  async function get<T>(url: string, headers = admin): Promise<T> {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    return response.json();
  }
  const status = async (url: string, headers = admin) =>
    (await t.app.inject({ method: 'GET', url, headers })).statusCode;

  it('lists payments newest first with mode and status filters, by station and network-wide', async () => {
    const station = await get<TPaymentPage>('/api/stations/l-one/payments');
    expect(station.count).toBe(90);
    expect(station.results).toHaveLength(40);
    const times = station.results.map((p) => Date.parse(p.timestamp));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(Date.parse(station.window!.endDate) - Date.parse(station.window!.startDate)).toBe(7 * DAY);
    expect((await get<TPaymentPage>('/api/stations/l-one/payments?status=failed')).count).toBe(8);
    const upi = await get<TPaymentPage>('/api/stations/l-one/payments?mode=upi&limit=200');
    expect(upi.results.every((p) => p.mode === 'upi')).toBe(true);
    expect((await get<TPaymentPage>('/api/payments')).count).toBe(120);
    expect((await get<TPaymentPage>('/api/payments', member)).count).toBe(90);
    expect((await get<TPaymentPage>('/api/payments', otherAdmin)).count).toBe(10);
    const byAmount = await get<TPaymentPage>('/api/stations/l-one/payments?sort=-amountPaise&limit=90');
    const amounts = byAmount.results.map((p) => p.amountPaise);
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/payments?startDate=${new Date(now - 94 * DAY).toISOString()}`,
      headers: admin,
    });
    expect(long.json()).toMatchObject({ code: 'WINDOW_TOO_LONG' });
  });

  it("lists a station's sightings in the window with registration and class filters", async () => {
    const all = await get<TVehicleSightingPage>('/api/stations/l-one/vehicles?limit=200');
    expect(all.count).toBe(95);
    const mh = await get<TVehicleSightingPage>('/api/stations/l-one/vehicles?registration=mh12&limit=200');
    expect(mh.count).toBe(30);
    expect(mh.results.every((s) => s.registration === 'MH12AB1234')).toBe(true);
    const dwell = await get<TVehicleSightingPage>('/api/stations/l-one/vehicles?sort=-dwellSeconds&limit=5');
    expect(dwell.results[0]!.dwellSeconds).toBeGreaterThanOrEqual(dwell.results[4]!.dwellSeconds);
    expect(await status('/api/stations/l-two/vehicles', member)).toBe(404);
    expect(await status('/api/stations/l-other/vehicles')).toBe(404);
  });

  it('lists the vehicle registry by last visit, registration or first visit, with filters', async () => {
    const latest = await get<TVehiclePage>('/api/vehicles');
    expect(latest.results.map((v) => v.registration)).toEqual([
      'MH12AB1234',
      'DL3CAB0001',
      'MH14CD5678',
      'KA01EF9012',
    ]);
    const byRegistration = await get<TVehiclePage>('/api/vehicles?sort=registration&limit=2');
    expect(byRegistration.results.map((v) => v.registration)).toEqual(['DL3CAB0001', 'KA01EF9012']);
    const next = await get<TVehiclePage>(
      `/api/vehicles?sort=registration&limit=2&cursor=${byRegistration.nextCursor}`,
    );
    expect(next.results.map((v) => v.registration)).toEqual(['MH12AB1234', 'MH14CD5678']);
    expect(next.nextCursor).toBeUndefined();
    expect((await get<TVehiclePage>('/api/vehicles?q=mh 1')).count).toBe(2);
    expect(
      (await get<TVehiclePage>('/api/vehicles?isWatchlisted=true')).results.map((v) => v.registration),
    ).toEqual(['MH14CD5678']);
    expect((await get<TVehiclePage>('/api/vehicles?sort=-firstSeenAt')).results[0]!.registration).toBe(
      'MH12AB1234',
    );
    expect(
      (await get<TVehiclePage>('/api/vehicles', member)).results.map((v) => v.registration).sort(),
    ).toEqual(REGISTRATIONS.slice().sort());
    expect((await get<TVehiclePage>('/api/vehicles', otherAdmin)).count).toBe(1);
  });

  it('shows one vehicle: fills across stations, sightings, challans and pending fines', async () => {
    const start = new Date(now - 60 * DAY).toISOString();
    const body = await get<TVehicleDetail>(`/api/vehicles/mh12-ab1234?startDate=${start}`);
    expect(body.vehicle.registration).toBe('MH12AB1234');
    expect(body.totals.fills).toBe(30);
    expect(body.stations).toEqual([expect.objectContaining({ stationId: ids.s1, slug: 'l-one', fills: 30 })]);
    expect(body.fills).toHaveLength(30);
    expect(body.sightings).toHaveLength(30);
    expect(body.challans.map((c) => c.challanNo)).toEqual(['CH1', 'CH2', 'CH4']);
    expect(body.totals).toMatchObject({ pendingChallans: 1, pendingFinePaise: 50_000, sightings: 30 });
    const day = await get<TVehicleDetail>('/api/vehicles/MH12AB1234');
    expect(day.totals.fills).toBe(30);
    const theirs = await get<TVehicleDetail>('/api/vehicles/MH12AB1234', otherAdmin);
    expect(theirs.totals.fills).toBe(10);
    expect(theirs.challans.map((c) => c.challanNo)).toEqual(['CH5']);
    expect(await status('/api/vehicles/DL3CAB0001', member)).toBe(404);
    expect(await status('/api/vehicles/DL3CAB0001', otherAdmin)).toBe(404);
    expect(await status('/api/vehicles/ZZ99ZZ9999')).toBe(404);
    expect(await status('/api/vehicles/MH12AB1234?startDate=2000-01-01T00:00:00Z')).toBe(400);
  });

  it('lists challans in the 30-day window by time or fine, with status and state filters', async () => {
    const network = await get<TChallanPage>('/api/challans');
    expect(network.results.map((c) => c.challanNo)).toEqual(['CH1', 'CH2', 'CH3', 'CH4']);
    expect(network.results[0]!.offences).toEqual([{ act: 'S177', name: 'General offence' }]);
    expect((await get<TChallanPage>('/api/challans?status=pending')).count).toBe(2);
    expect((await get<TChallanPage>('/api/challans?stateCode=dl')).count).toBe(2);
    expect((await get<TChallanPage>('/api/challans?sort=-finePaise')).results[0]!.challanNo).toBe('CH4');
    expect((await get<TChallanPage>('/api/stations/l-one/challans')).count).toBe(2);
    expect((await get<TChallanPage>('/api/challans', member)).results.map((c) => c.challanNo)).toEqual([
      'CH1',
      'CH2',
    ]);
    const start = new Date(now - 50 * DAY).toISOString();
    expect((await get<TChallanPage>(`/api/stations/l-one/challans?startDate=${start}`)).count).toBe(3);
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/challans?startDate=${new Date(now - 61 * DAY).toISOString()}`,
      headers: admin,
    });
    expect(long.json()).toMatchObject({ code: 'WINDOW_TOO_LONG' });
  });

  it('ranks customers by quantity bought in the window, with totals per fuel and a count', async () => {
    const body = await get<TCustomerPage>('/api/customers');
    expect(body.count).toBe(2);
    expect(body.results.map((c) => c.name)).toEqual(['Ganga Logistics', 'Asha Rao']);
    const fleet = body.results[0]!;
    expect(fleet.transactionCount).toBe(90);
    const byFuel = Object.values(fleet.quantityByFuel).reduce((sum, q) => sum + (q ?? 0), 0);
    expect(byFuel).toBeCloseTo(fleet.quantitySum, 3);
    expect((await get<TCustomerPage>('/api/customers?sort=name')).results[0]!.name).toBe('Asha Rao');
    expect((await get<TCustomerPage>('/api/customers?kind=individual')).count).toBe(1);
    expect((await get<TCustomerPage>('/api/customers?q=gan')).results.map((c) => c.name)).toEqual([
      'Ganga Logistics',
    ]);
    const first = await get<TCustomerPage>('/api/customers?limit=1');
    const second = await get<TCustomerPage>(`/api/customers?limit=1&cursor=${first.nextCursor}`);
    expect(second.results.map((c) => c.name)).toEqual(['Asha Rao']);
    expect(second.count).toBe(2);
    const station = await get<TCustomerPage>('/api/stations/l-two/customers');
    expect(station.results.map((c) => [c.name, c.transactionCount])).toEqual([['Ganga Logistics', 30]]);
    expect((await get<TCustomerPage>('/api/customers', member)).results[0]!.transactionCount).toBe(60);
    expect((await get<TCustomerPage>('/api/customers', otherAdmin)).count).toBe(0);
    expect(
      (await get<TCustomerPage>(`/api/customers?startDate=${new Date(now - 180 * DAY).toISOString()}`)).count,
    ).toBe(2);
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/customers?startDate=${new Date(now - 181 * DAY).toISOString()}`,
      headers: admin,
    });
    expect(long.json()).toMatchObject({ code: 'WINDOW_TOO_LONG' });
    expect(
      (
        await get<TCustomerPage>(
          `/api/stations/l-one/customers?startDate=${new Date(now - 40 * DAY).toISOString()}`,
        )
      ).count,
    ).toBe(2);
  });
});
