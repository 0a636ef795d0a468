import type { TIngestResult, TSalesSeries, TStationSchematic } from '@forecourt/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser } from '../../test/factories';
import type { OperationsEvent } from '../realtime/publisher';
import { createForecourt, createKey, type Forecourt, fill } from './testing';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('POST /api/ingest', () => {
  let t: TestApp;
  let forecourt: Forecourt;
  let neighbour: Forecourt;
  let foreign: Forecourt;
  let key: Record<string, string>;
  let admin: Record<string, string>;
  let now: number;
  let events: OperationsEvent[] = [];
  let customerId: number;
  let foreignCustomerId: number;

  beforeAll(async () => {
    // 10:00 IST on a fixed day, so hours and days are predictable.
    t = await createTestApp({ startAt: Date.UTC(2026, 2, 10, 4, 30) });
    now = t.clock.now();
    const db = t.database.db;
    const org = await createOrganization(db);
    const otherOrg = await createOrganization(db);
    forecourt = await createForecourt(db, org.id, { slug: 'ingest-main', at: now });
    neighbour = await createForecourt(db, org.id, { slug: 'ingest-neighbour', at: now });
    foreign = await createForecourt(db, otherOrg.id, { slug: 'ingest-foreign', at: now });
    const customer = (organizationId: number) =>
      db
        .insertInto('customers')
        .values({ organizationId, name: 'Kaveri Logistics', kind: 'fleet', createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    customerId = (await customer(org.id)).id;
    foreignCustomerId = (await customer(otherOrg.id)).id;
    admin = (await createSignedInUser(db, { organizationId: org.id, role: 'admin' })).headers;
    key = { 'x-api-key': (await createKey(t.app, admin, forecourt.station.slug)).secret };
    t.app.realtime.onEvent((event) => events.push(event));
  });
  afterAll(() => t.close());
  beforeEach(() => {
    events = [];
  });

  const post = (payload: unknown, headers = key) =>
    t.app.inject({ method: 'POST', url: '/api/ingest', headers, payload: payload as object });
  const ok = async (payload: unknown): Promise<TIngestResult> => {
    const response = await post(payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const counts = async () => {
    const db = t.database.db;
    const n = async (
      table: 'transactions' | 'payments' | 'vehicleSightings' | 'congestionSamples' | 'assetStateEvents',
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      transactions: await n('transactions'),
      payments: await n('payments'),
      sightings: await n('vehicleSightings'),
      samples: await n('congestionSamples'),
      states: await n('assetStateEvents'),
    };
  };
  const zero = {
    transactions: 0,
    payments: 0,
    sightings: 0,
    dispenserStates: 0,
    nozzleStates: 0,
    congestionSamples: 0,
  };

  it('writes a mixed batch: fills, linked payments and sightings, states, samples', async () => {
    const result = await ok({
      transactions: [
        { ...fill(forecourt, 'mix-t1', now - 30 * MINUTE), customerId, attendantId: forecourt.attendantId },
        {
          ...fill(forecourt, 'mix-t2', now - 20 * MINUTE, { registration: 'mh-14 cd 5678' }),
          nozzleId: undefined,
          dispenserCode: 'D1',
          nozzleNumber: 2,
          fuel: 'diesel',
          unitPricePaise: 9_021,
        },
      ],
      payments: [
        {
          sourceId: 'mix-p1',
          transactionSourceId: 'mix-t1',
          timestamp: new Date(now - 27 * MINUTE).toISOString(),
          mode: 'upi',
          amountPaise: 209_440,
          status: 'success',
          reference: '412345678901',
          provider: 'UPI QR',
        },
      ],
      sightings: [
        {
          sourceId: 'mix-s1',
          registration: 'MH12AB1234',
          vehicleClass: 'car',
          seenAt: new Date(now - 31 * MINUTE).toISOString(),
          lane: 1,
          confidence: 94,
          dwellSeconds: 300,
          transactionSourceId: 'mix-t1',
        },
        {
          sourceId: 'mix-s2',
          registration: 'KA05MN0042',
          vehicleClass: '2w',
          seenAt: new Date(now - 25 * MINUTE).toISOString(),
          lane: 0,
          confidence: 80,
          dwellSeconds: 60,
        },
      ],
      nozzleStates: [
        {
          sourceId: 'mix-n1',
          dispenserCode: 'D2',
          nozzleNumber: 1,
          status: 'fault',
          at: new Date(now - MINUTE).toISOString(),
        },
      ],
      dispenserStates: [
        {
          sourceId: 'mix-d1',
          dispenserId: forecourt.dispensers.D1,
          status: 'dispensing',
          at: new Date(now - MINUTE).toISOString(),
        },
      ],
      congestionSamples: [
        {
          sourceId: 'mix-q1',
          lane: 1,
          sampledAt: new Date(now - 15 * MINUTE).toISOString(),
          queueLength: 3,
          waitSeconds: 240,
        },
        {
          sourceId: 'mix-q2',
          lane: 1,
          sampledAt: new Date(now).toISOString(),
          queueLength: 1,
          waitSeconds: 60,
        },
      ],
    });
    expect(result).toEqual({
      accepted: {
        transactions: 2,
        payments: 1,
        sightings: 2,
        dispenserStates: 1,
        nozzleStates: 1,
        congestionSamples: 2,
      },
      duplicates: zero,
    });

    const db = t.database.db;
    const fills = await db
      .selectFrom('transactions')
      .selectAll()
      .where('sourceId', 'in', ['mix-t1', 'mix-t2'])
      .orderBy('sourceId')
      .execute();
    expect(
      fills.map((row) => [row.stationId, row.nozzleId, row.dispenserId, row.fuel, row.quantityMilli]),
    ).toEqual([
      [forecourt.station.id, forecourt.nozzles.petrol, forecourt.dispensers.D1, 'petrol', 20_000],
      [forecourt.station.id, forecourt.nozzles.diesel, forecourt.dispensers.D1, 'diesel', 20_000],
    ]);
    expect(fills[0]).toMatchObject({
      customerId,
      attendantId: forecourt.attendantId,
      organizationId: forecourt.station.organizationId,
    });
    expect(fills[1]?.vehicleRegistration).toBe('MH14CD5678');

    const payment = await db
      .selectFrom('payments')
      .selectAll()
      .where('sourceId', '=', 'mix-p1')
      .executeTakeFirstOrThrow();
    expect(payment.transactionId).toBe(fills[0]?.id);
    const sightings = await db
      .selectFrom('vehicleSightings')
      .select(['sourceId', 'transactionId'])
      .where('sourceId', 'like', 'mix-%')
      .orderBy('sourceId')
      .execute();
    expect(sightings).toEqual([
      { sourceId: 'mix-s1', transactionId: fills[0]?.id },
      { sourceId: 'mix-s2', transactionId: null },
    ]);

    // The registry knows the vehicles; the nozzles count what they dispensed.
    const vehicles = await db
      .selectFrom('vehicles')
      .select(['registration', 'vehicleClass'])
      .where('organizationId', '=', forecourt.station.organizationId)
      .orderBy('registration')
      .execute();
    expect(vehicles).toEqual([
      { registration: 'KA05MN0042', vehicleClass: '2w' },
      { registration: 'MH12AB1234', vehicleClass: 'car' },
      { registration: 'MH14CD5678', vehicleClass: 'car' },
    ]);
    const petrol = await db
      .selectFrom('nozzles')
      .select('totalizerMilli')
      .where('id', '=', forecourt.nozzles.petrol)
      .executeTakeFirstOrThrow();
    expect(petrol.totalizerMilli).toBe(1_020_000);

    // States show on the schematic.
    const schematic = await t.app.inject({
      method: 'GET',
      url: `/api/stations/${forecourt.station.slug}/schematic`,
      headers: admin,
    });
    const dispensers = (schematic.json() as TStationSchematic).lanes.flatMap((lane) => lane.dispensers);
    const d2 = dispensers.find((d) => d.id === forecourt.dispensers.D2);
    expect(d2?.nozzles[0]?.state).toBe('fault');
    expect(dispensers.find((d) => d.id === forecourt.dispensers.D1)?.status).toBe('dispensing');

    // And the events say so.
    expect(events.map((event) => event.name)).toEqual([
      'transactions.created',
      'payments.created',
      'sightings.created',
      'congestion.sampled',
      'dispenser.state',
      'nozzle.state',
      'sales.updated',
    ]);
    expect(events.every((event) => event.stationId === forecourt.station.id)).toBe(true);
    const created = events.find((event) => event.name === 'transactions.created');
    expect(created?.payload).toMatchObject({
      stationId: forecourt.station.id,
      count: 2,
      amountPaise: 2 * 209_440,
    });
    expect(created?.name === 'transactions.created' && created.payload.latest.map((fill) => fill.id)).toEqual(
      [fills[1]?.id, fills[0]?.id],
    );
    // Both fills started in the 09:00 IST hour (03:30 UTC).
    expect(events.find((event) => event.name === 'sales.updated')?.payload).toEqual({
      stationId: forecourt.station.id,
      from: '2026-03-10T03:30:00.000Z',
      to: '2026-03-10T04:30:00.000Z',
      hours: ['2026-03-10T03:30:00.000Z'],
    });
    const nozzle = events.find((event) => event.name === 'nozzle.state');
    expect(nozzle?.payload).toMatchObject({
      nozzleId: forecourt.nozzles.cng,
      status: 'fault',
      state: 'fault',
    });
    const samples = events.find((event) => event.name === 'congestion.sampled');
    expect(samples?.payload).toEqual({
      stationId: forecourt.station.id,
      samples: [{ lane: 1, sampledAt: new Date(now).toISOString(), queueLength: 1, waitSeconds: 60 }],
    });
  });

  it('is idempotent: the same source ids again are duplicates and change nothing', async () => {
    const batch = {
      transactions: [fill(forecourt, 'idem-t1', now - 3 * HOUR), fill(forecourt, 'idem-t2', now - 2 * HOUR)],
      payments: [
        {
          sourceId: 'idem-p1',
          transactionSourceId: 'idem-t1',
          timestamp: new Date(now - 3 * HOUR + 5 * MINUTE).toISOString(),
          mode: 'cash',
          amountPaise: 209_440,
          status: 'success',
        },
      ],
      congestionSamples: [
        {
          sourceId: 'idem-q1',
          lane: 2,
          sampledAt: new Date(now - 2 * HOUR).toISOString(),
          queueLength: 0,
          waitSeconds: 5,
        },
      ],
    };
    const first = await ok(batch);
    expect(first.accepted).toMatchObject({ transactions: 2, payments: 1, congestionSamples: 1 });
    const before = await counts();
    const totalizer = async () =>
      (
        await t.database.db
          .selectFrom('nozzles')
          .select('totalizerMilli')
          .where('id', '=', forecourt.nozzles.petrol)
          .executeTakeFirstOrThrow()
      ).totalizerMilli;
    const litres = await totalizer();
    events = [];

    const again = await ok(batch);
    expect(again).toEqual({
      accepted: zero,
      duplicates: { ...zero, transactions: 2, payments: 1, congestionSamples: 1 },
    });
    expect(await counts()).toEqual(before);
    expect(await totalizer()).toBe(litres);
    expect(events.map((event) => event.name)).toEqual([]);

    // Half new, half known, and a repeat inside the batch: each counted once.
    const mixed = await ok({
      transactions: [
        fill(forecourt, 'idem-t2', now - 2 * HOUR),
        fill(forecourt, 'idem-t3', now - HOUR),
        fill(forecourt, 'idem-t3', now - HOUR),
      ],
    });
    expect(mixed).toEqual({
      accepted: { ...zero, transactions: 1 },
      duplicates: { ...zero, transactions: 2 },
    });
    expect((await counts()).transactions).toBe(before.transactions + 1);

    // The same source id at another station is another fill.
    const neighbourKey = { 'x-api-key': (await createKey(t.app, admin, neighbour.station.slug)).secret };
    const elsewhere = await post({ transactions: [fill(neighbour, 'idem-t1', now - HOUR)] }, neighbourKey);
    expect(elsewhere.json()).toMatchObject({ accepted: { transactions: 1 } });
  });

  it('keeps the rollups equal to the sums of the fills, including hours already rolled up', async () => {
    const db = t.database.db;
    const start = now - 3 * DAY + 7 * MINUTE;
    const batch = Array.from({ length: 300 }, (_, i) =>
      fill(forecourt, `roll-${i}`, start + i * 11 * MINUTE, {
        litres: 5 + (i % 40),
        mode: i % 3 ? 'upi' : 'cash',
      }),
    );
    await ok({ transactions: batch.slice(0, 150) });
    await ok({ transactions: batch.slice(100) }); // overlaps the first: 50 duplicates, hours touched again

    const raw = await sql<{ n: number; a: number; q: number }>`
      select count(*) as n, coalesce(sum(amount_paise), 0) as a, coalesce(sum(quantity_milli), 0) as q
        from transactions where station_id = ${forecourt.station.id}`.execute(db);
    const hourly = await sql<{ n: number; a: number; q: number }>`
      select coalesce(sum(transaction_count), 0) as n, coalesce(sum(amount_paise), 0) as a, coalesce(sum(quantity_milli), 0) as q
        from sales_hourly where station_id = ${forecourt.station.id}`.execute(db);
    const daily = await sql<{ n: number; a: number; q: number }>`
      select coalesce(sum(transaction_count), 0) as n, coalesce(sum(amount_paise), 0) as a, coalesce(sum(quantity_milli), 0) as q
        from sales_daily where station_id = ${forecourt.station.id}`.execute(db);
    const asNumbers = (row: { n: number; a: number; q: number } | undefined) => ({
      n: Number(row?.n),
      a: Number(row?.a),
      q: Number(row?.q),
    });
    expect(asNumbers(hourly.rows[0])).toEqual(asNumbers(raw.rows[0]));
    expect(asNumbers(daily.rows[0])).toEqual(asNumbers(raw.rows[0]));
    expect(asNumbers(raw.rows[0]).n).toBeGreaterThanOrEqual(300);

    // Per hour, too, and the sales endpoint agrees.
    const perHour = await sql<{ bucket: number; n: number; rolled: number }>`
      select h.bucket, h.n, coalesce(r.n, 0) as rolled from (
        select (started_at + 19800000) / 3600000 * 3600000 - 19800000 as bucket, count(*) as n
          from transactions where station_id = ${forecourt.station.id} group by 1) h
      left join (select bucket, sum(transaction_count) as n from sales_hourly
                  where station_id = ${forecourt.station.id} group by bucket) r on r.bucket = h.bucket`.execute(
      db,
    );
    for (const row of perHour.rows) expect(Number(row.rolled), `hour ${row.bucket}`).toBe(Number(row.n));
    const window = `startDate=${new Date(now - 4 * DAY).toISOString()}&endDate=${new Date(now + HOUR).toISOString()}&frequency=1d`;
    const sales = await t.app.inject({
      method: 'GET',
      url: `/api/stations/${forecourt.station.slug}/sales?${window}`,
      headers: admin,
    });
    expect(sales.statusCode, sales.body).toBe(200);
    const points = (sales.json() as TSalesSeries).points;
    expect(points.reduce((sum, point) => sum + point.transactions, 0)).toBe(asNumbers(raw.rows[0]).n);
    expect(points.reduce((sum, point) => sum + point.amountPaise, 0)).toBe(asNumbers(raw.rows[0]).a);

    // ANPR visits per day, too.
    await ok({
      sightings: Array.from({ length: 30 }, (_, i) => ({
        sourceId: `roll-s${i}`,
        registration: `DL3C${String(1000 + i)}`,
        vehicleClass: 'car',
        seenAt: new Date(start + i * 2 * HOUR).toISOString(),
        lane: 1,
        confidence: 90,
        dwellSeconds: 100,
      })),
    });
    const visits = await sql<{ raw: number; rolled: number }>`
      select (select count(*) from vehicle_sightings where station_id = ${forecourt.station.id}) as raw,
             (select coalesce(sum(visits), 0) from sightings_daily where station_id = ${forecourt.station.id}) as rolled`.execute(
      db,
    );
    expect(Number(visits.rows[0]?.rolled)).toBe(Number(visits.rows[0]?.raw));
  });

  it("widens a vehicle's first and last seen, and only then", async () => {
    const seen = async () =>
      t.database.db
        .selectFrom('vehicles')
        .select(['firstSeenAt', 'lastSeenAt', 'updatedAt'])
        .where('registration', '=', 'UP16ZZ4321')
        .executeTakeFirstOrThrow();
    const at = now - 10 * HOUR;
    await ok({ transactions: [fill(forecourt, 'veh-1', at, { registration: 'UP16 ZZ 4321' })] });
    expect(await seen()).toMatchObject({ firstSeenAt: at, lastSeenAt: at + 120_000 });
    await ok({ transactions: [fill(forecourt, 'veh-2', at - DAY, { registration: 'UP16ZZ4321' })] });
    await ok({ transactions: [fill(forecourt, 'veh-3', at + HOUR, { registration: 'up16-zz-4321' })] });
    expect(await seen()).toMatchObject({ firstSeenAt: at - DAY, lastSeenAt: at + HOUR + 120_000 });
    t.clock.advance(1_000);
    const before = await seen();
    await ok({ transactions: [fill(forecourt, 'veh-4', at, { registration: 'UP16ZZ4321' })] });
    expect(await seen()).toEqual(before); // inside the known span: the row is not rewritten
  });

  it('applies the newest reported state and ignores older ones arriving late', async () => {
    const at = (offset: number) => new Date(now - offset).toISOString();
    await ok({
      nozzleStates: [
        { sourceId: 'st-1', nozzleId: forecourt.nozzles.diesel, status: 'dispensing', at: at(2 * MINUTE) },
      ],
    });
    await ok({
      nozzleStates: [
        { sourceId: 'st-0', nozzleId: forecourt.nozzles.diesel, status: 'disabled', at: at(10 * MINUTE) },
      ],
    });
    const status = async () =>
      await t.database.db
        .selectFrom('nozzles')
        .select(['status', 'stateAt'])
        .where('id', '=', forecourt.nozzles.diesel)
        .executeTakeFirstOrThrow();
    expect(await status()).toEqual({ status: 'dispensing', stateAt: now - 2 * MINUTE });
    // The late report is kept as history but changed nothing, so no event.
    expect(events.filter((event) => event.name === 'nozzle.state')).toHaveLength(1);

    const both = await ok({
      nozzleStates: [
        { sourceId: 'st-3', nozzleId: forecourt.nozzles.diesel, status: 'idle', at: at(0) },
        { sourceId: 'st-2', nozzleId: forecourt.nozzles.diesel, status: 'fault', at: at(MINUTE) },
      ],
    });
    expect(both.accepted.nozzleStates).toBe(2);
    expect(await status()).toEqual({ status: 'idle', stateAt: now });
  });

  describe('rejects a bad batch as a whole, writing nothing', () => {
    const good = () => fill(forecourt, `good-${Math.random()}`, now - 10 * MINUTE);

    async function rejected(payload: unknown, status: number, code: string) {
      const before = await counts();
      const response = await post(payload);
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json();
      expect(body.code).toBe(code);
      expect(await counts()).toEqual(before);
      expect(events).toEqual([]);
      return body as { message: string; details?: { path: string; message: string }[] };
    }

    it('an item failing its schema (VALIDATION_FAILED naming the item)', async () => {
      const body = await rejected(
        { transactions: [good(), { ...good(), quantity: -1 }, { ...good(), paymentMode: 'barter' }] },
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(
        expect.arrayContaining(['transactions.1.quantity', 'transactions.2.paymentMode']),
      );
    });

    it('a nozzle, dispenser, fill, customer or attendant that is not the station’s (INVALID_REFERENCE)', async () => {
      const body = await rejected(
        {
          transactions: [
            good(),
            { ...fill(forecourt, 'ref-t1', now - MINUTE), nozzleId: foreign.nozzles.petrol },
            { ...fill(forecourt, 'ref-t2', now - MINUTE), nozzleId: neighbour.nozzles.petrol },
            { ...fill(forecourt, 'ref-t3', now - MINUTE), customerId: foreignCustomerId },
            { ...fill(forecourt, 'ref-t4', now - MINUTE), attendantId: neighbour.attendantId },
            { ...fill(forecourt, 'ref-t5', now - MINUTE), fuel: 'diesel' },
          ],
          payments: [
            {
              sourceId: 'ref-p1',
              transactionSourceId: 'never-sent',
              timestamp: new Date(now).toISOString(),
              mode: 'upi',
              amountPaise: 100,
              status: 'success',
            },
          ],
          dispenserStates: [
            { sourceId: 'ref-d1', dispenserCode: 'D9', status: 'fault', at: new Date(now).toISOString() },
          ],
          congestionSamples: [
            {
              sourceId: 'ref-q1',
              lane: 7,
              sampledAt: new Date(now).toISOString(),
              queueLength: 1,
              waitSeconds: 1,
            },
          ],
        },
        400,
        'INVALID_REFERENCE',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual([
        'transactions.1.nozzleId',
        'transactions.2.nozzleId',
        'transactions.5.fuel',
        'dispenserStates.0.dispenserCode',
        'congestionSamples.0.lane',
        'payments.0.transactionSourceId',
        'transactions.3.customerId',
        'transactions.4.attendantId',
      ]);
      expect(body.details?.[0]?.message).toContain('ref-t1');
    });

    it('a time in the future, a fill ending before it starts (VALIDATION_FAILED)', async () => {
      const body = await rejected(
        {
          transactions: [
            good(),
            fill(forecourt, 'future-1', now + HOUR),
            {
              ...fill(forecourt, 'backwards-1', now - HOUR),
              endDate: new Date(now - 2 * HOUR).toISOString(),
            },
          ],
        },
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details).toEqual([
        { path: 'transactions.1.startDate', message: expect.stringContaining('future') },
        { path: 'transactions.2.endDate', message: expect.stringContaining('before startDate') },
      ]);
    });

    it('more than 5,000 items (413 BATCH_TOO_LARGE)', async () => {
      const item = good();
      await rejected(
        {
          transactions: Array.from({ length: 4_000 }, () => item),
          payments: Array.from({ length: 1_001 }, () => ({})),
        },
        413,
        'BATCH_TOO_LARGE',
      );
    });

    it('malformed JSON and a missing nozzle reference', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ingest',
        headers: { ...key, 'content-type': 'application/json' },
        payload: '{"transactions": [',
      });
      expect(response.statusCode).toBe(400);
      const { nozzleId: _, ...withoutNozzle } = good();
      const body = await rejected({ transactions: [withoutNozzle] }, 400, 'VALIDATION_FAILED');
      expect(body.details?.[0]?.path).toBe('transactions.0.nozzleId');
    });
  });
});
