import type { TDispenserRegistry, TStationSchematic } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { insertFills } from '../operations/testing';
import { nozzleState } from './schematic.service';

const MINUTE = 60_000;
const HOUR = 3_600_000;

describe('station assets: dispenser registry and schematic', () => {
  let t: TestApp;
  let now: number;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  const nozzleIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    now = t.clock.now();
    const db = t.database.db;
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    const station = await createStation(db, org.id, { slug: 'a-one' });
    const second = await createStation(db, org.id, { slug: 'a-two' });
    await createStation(db, other.id, { slug: 'a-other' });
    const dispenser = (code: string, lane: number, status: string) =>
      db
        .insertInto('dispensers')
        .values({
          organizationId: org.id,
          stationId: station.id,
          code,
          lane,
          make: 'Tatsuno',
          status,
          installedOn: '2019-04-01',
          createdAt: now,
          updatedAt: now,
        })
        .returning(['id'])
        .executeTakeFirstOrThrow();
    const d1 = await dispenser('D1', 1, 'idle');
    const d2 = await dispenser('D2', 1, 'fault');
    const d3 = await dispenser('D3', 2, 'maintenance');
    const nozzle = async (
      key: string,
      dispenserId: number,
      number: number,
      fuel: string,
      status = 'idle',
    ) => {
      const row = await db
        .insertInto('nozzles')
        .values({
          organizationId: org.id,
          stationId: station.id,
          dispenserId,
          number,
          side: number % 2 ? 'A' : 'B',
          fuel,
          status,
          totalizerMilli: 1_234_500,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      nozzleIds[key] = row.id;
    };
    await nozzle('d1n1', d1.id, 1, 'petrol');
    await nozzle('d1n2', d1.id, 2, 'diesel');
    await nozzle('d2n1', d2.id, 1, 'petrol', 'fault');
    await nozzle('d3n1', d3.id, 1, 'cng', 'disabled');
    const fill = (key: string, dispenserId: number, startedAt: number, seconds: number, milli: number) => ({
      organizationId: org.id,
      stationId: station.id,
      dispenserId,
      nozzleId: nozzleIds[key]!,
      fuel: 'petrol',
      startedAt,
      endedAt: startedAt + seconds * 1000,
      quantityMilli: milli,
      unitPricePaise: 10_000,
      amountPaise: milli * 10,
      paymentMode: 'upi',
      status: 'completed',
      vehicleRegistration: null,
      vehicleClass: 'car',
      customerId: null,
      attendantId: null,
    });
    await insertFills(db, [
      fill('d1n1', d1.id, now - 2 * HOUR, 60, 20_000),
      fill('d1n1', d1.id, now - HOUR, 120, 40_000),
      // In progress right now: the schematic shows this nozzle fuelling.
      fill('d1n2', d1.id, now - 30_000, 120, 10_000),
      fill('d2n1', d2.id, now - 3 * HOUR, 60, 5_000),
    ]);
    await db
      .insertInto('incidents')
      .values({
        organizationId: org.id,
        stationId: station.id,
        dispenserId: d2.id,
        number: 1,
        group: 'equipment',
        type: 'dispenser_fault',
        severity: 'high',
        status: 'open',
        title: 'D2 fault',
        description: 'Pulser error',
        openedAt: now - 2 * HOUR,
        slaDueAt: now + HOUR,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    admin = (await createSignedInUser(db, { organizationId: org.id, role: 'admin' })).headers;
    member = (
      await createSignedInUser(db, { organizationId: org.id, role: 'member', stationIds: [second.id] })
    ).headers;
  });
  afterAll(() => t.close());

  async function get<T>(url: string, headers = admin): Promise<T> {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('lists dispensers with nozzles, last transaction, health and faults in the window', async () => {
    const body = await get<TDispenserRegistry>('/api/stations/a-one/dispensers');
    expect(body.results.map((d) => d.code)).toEqual(['D1', 'D2', 'D3']);
    const [d1, d2, d3] = body.results;
    const n1 = d1!.nozzles.find((n) => n.number === 1)!;
    expect(n1.lastTransaction).toMatchObject({ startDate: new Date(now - HOUR).toISOString(), quantity: 40 });
    expect(n1.health).toEqual({ transactions: 2, quantity: 60, flowRatePerMinute: 20 });
    expect(n1.totalizer).toBe(1234.5);
    expect(d1!.lastTransactionAt).toBe(new Date(now - 30_000).toISOString());
    expect(d2!.faults).toBe(1);
    expect(d3!.nozzles[0]).toMatchObject({
      lastTransaction: null,
      health: { transactions: 0, flowRatePerMinute: null },
    });
    expect(
      (await get<TDispenserRegistry>('/api/stations/a-one/dispensers?status=fault')).results.map(
        (d) => d.code,
      ),
    ).toEqual(['D2']);
    expect(
      (await get<TDispenserRegistry>('/api/stations/a-one/dispensers?fuel=cng')).results.map((d) => d.code),
    ).toEqual(['D3']);
    expect(
      (await get<TDispenserRegistry>('/api/stations/a-one/dispensers?sort=-lane')).results[0]!.code,
    ).toBe('D3');
  });

  it('draws the schematic by lane with each fuelling point state', async () => {
    const body = await get<TStationSchematic>('/api/stations/a-one/schematic');
    expect(body.lanes.map((l) => [l.lane, l.dispensers.map((d) => d.code)])).toEqual([
      [1, ['D1', 'D2']],
      [2, ['D3']],
    ]);
    const [d1, d2] = body.lanes[0]!.dispensers;
    expect(d1!.nozzles.map((n) => n.state)).toEqual(['idle', 'fuelling']);
    expect(d1!.state).toBe('fuelling');
    expect(d2!.state).toBe('fault');
    expect(body.lanes[1]!.dispensers[0]).toMatchObject({ state: 'offline', nozzles: [{ state: 'offline' }] });
  });

  it('shows every point offline, none idle, while the station is offline or closed', async () => {
    for (const status of ['offline', 'closed']) {
      await t.database.db.updateTable('stations').set({ status }).where('slug', '=', 'a-one').execute();
      const body = await get<TStationSchematic>('/api/stations/a-one/schematic');
      const dispensers = body.lanes.flatMap((lane) => lane.dispensers);
      expect(dispensers.map((d) => d.state)).toEqual(['offline', 'offline', 'offline']);
      expect(new Set(dispensers.flatMap((d) => d.nozzles.map((n) => n.state)))).toEqual(new Set(['offline']));
    }
    await t.database.db
      .updateTable('stations')
      .set({ status: 'operational' })
      .where('slug', '=', 'a-one')
      .execute();
    const body = await get<TStationSchematic>('/api/stations/a-one/schematic');
    expect(body.lanes[0]!.dispensers[0]!.nozzles.map((n) => n.state)).toEqual(['idle', 'fuelling']);
  });

  it('derives fuelling point states', () => {
    expect(nozzleState({ status: 'idle' }, { status: 'offline' }, undefined, now)).toBe('offline');
    expect(nozzleState({ status: 'fault' }, { status: 'idle' }, undefined, now)).toBe('fault');
    expect(nozzleState({ status: 'dispensing' }, { status: 'dispensing' }, undefined, now)).toBe('fuelling');
    expect(
      nozzleState(
        { status: 'idle' },
        { status: 'idle' },
        { startedAt: now - 5 * MINUTE, endedAt: now - MINUTE },
        now,
      ),
    ).toBe('idle');
  });

  it('answers 404 outside the caller organisation or station list', async () => {
    for (const path of ['dispensers', 'schematic']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/stations/a-other/${path}`, headers: admin }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/stations/a-one/${path}`, headers: member }))
          .statusCode,
      ).toBe(404);
    }
  });
});
