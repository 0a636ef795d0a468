import type { TCommandCentre, TSalesSeries, TStationMetrics, TStationOverview } from '@forecourt/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { fillRows, insertCongestion, insertFills, insertSightingsFor } from '../operations/testing';
import { refreshSalesRollups } from './sales-rollup.repository';
import { refreshSightingsDaily } from './sightings-rollup.repository';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The same totals straight from the fills, to hold the rollup-based answers against. */
async function rawTotals(db: Db, stationIds: number[], startMs: number, endMs: number, fuel?: string) {
  const { rows } = await sql<{ n: number; q: number; a: number }>`
    select count(*) as n, coalesce(sum(quantity_milli), 0) as q, coalesce(sum(amount_paise), 0) as a
      from transactions
     where station_id in (${sql.join(stationIds)}) and started_at >= ${startMs} and started_at < ${endMs}
       ${fuel ? sql`and fuel = ${fuel}` : sql``}`.execute(db);
  const row = rows[0]!;
  return { transactions: Number(row.n), quantityMilli: Number(row.q), amountPaise: Number(row.a) };
}

describe('station metrics and the command centre', () => {
  let t: TestApp;
  let now: number;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let otherAdmin: Record<string, string>;
  const ids = { s1: 0, s2: 0, s3: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    now = t.clock.now();
    const db = t.database.db;
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    const s1 = await createStation(db, a.id, { slug: 'm-one', name: 'Alpha' });
    const s2 = await createStation(db, a.id, { slug: 'm-two', name: 'Beta' });
    const s3 = await createStation(db, b.id, { slug: 'm-other' });
    Object.assign(ids, { s1: s1.id, s2: s2.id, s3: s3.id });
    // Three and a half days of fills every 7 minutes at odd offsets, so windows cut hours and days.
    await insertFills(db, fillRows(s1, 720, { latest: now - 3 * MINUTE - 17_000 }));
    await insertFills(db, fillRows(s2, 200, { latest: now - 11 * MINUTE, everyMs: 13 * MINUTE }));
    await insertFills(db, fillRows(s3, 50, { latest: now - MINUTE }));
    await insertSightingsFor(db, s1.id, 25);
    await insertCongestion(db, s1, { from: now - 2 * DAY, to: now, lanes: 2 });
    await refreshSalesRollups(db, { fromMs: now - 10 * DAY, toMs: now + HOUR });
    await refreshSightingsDaily(db, { fromMs: now - 10 * DAY, toMs: now + HOUR });
    for (const [n, status] of [
      [1, 'open'],
      [2, 'acknowledged'],
      [3, 'resolved'],
    ] as const) {
      await db
        .insertInto('incidents')
        .values({
          organizationId: a.id,
          stationId: s1.id,
          number: n,
          group: 'equipment',
          type: 'dispenser_fault',
          severity: 'high',
          status,
          title: `Fault ${n}`,
          description: 'Nozzle does not reset',
          openedAt: now - n * HOUR,
          slaDueAt: now + HOUR,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    admin = (await createSignedInUser(db, { organizationId: a.id, role: 'admin' })).headers;
    member = (await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s1.id] }))
      .headers;
    otherAdmin = (await createSignedInUser(db, { organizationId: b.id, role: 'admin' })).headers;
  });
  afterAll(() => t.close());

  async function get<T>(url: string, headers = admin): Promise<T> {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const window = (startMs: number, endMs: number) =>
    `startDate=${new Date(startMs).toISOString()}&endDate=${new Date(endMs).toISOString()}`;

  it.each([
    ['the default 24 hours', null],
    ['an odd window inside one hour', [75 * MINUTE + 13_000, 2 * MINUTE]],
    ['a window across days', [2 * DAY + 5 * HOUR + 7 * MINUTE, 9 * HOUR + 41 * MINUTE]],
    ['every fill', [9 * DAY, 0]],
  ] as const)('answers overview KPIs equal to the raw sums for %s', async (_, offsets) => {
    const [startMs, endMs] = offsets ? [now - offsets[0], now - offsets[1]] : [now - DAY, now];
    const body = await get<TStationOverview>(
      `/api/stations/m-one/overview${offsets ? `?${window(startMs, endMs)}` : ''}`,
    );
    const raw = await rawTotals(t.database.db, [ids.s1], startMs, endMs);
    expect(body.kpis.transactions).toBe(raw.transactions);
    expect(body.kpis.revenuePaise).toBe(raw.amountPaise);
    const quantity = body.kpis.fuels.reduce((sum, f) => sum + f.quantity * 1000, 0);
    expect(Math.round(quantity)).toBe(raw.quantityMilli);
    expect(body.kpis.paymentMix.reduce((sum, m) => sum + m.transactions, 0)).toBe(raw.transactions);
    if (raw.transactions > 0) {
      expect(body.kpis.averageTicketPaise).toBe(Math.round(raw.amountPaise / raw.transactions));
      expect(body.kpis.paymentMix.reduce((sum, m) => sum + m.share, 0)).toBeCloseTo(1, 6);
    }
    const petrol = await rawTotals(t.database.db, [ids.s1], startMs, endMs, 'petrol');
    expect(body.kpis.fuels.find((f) => f.fuel === 'petrol')?.amountPaise ?? 0).toBe(petrol.amountPaise);
    const { rows } = await sql<{ n: number }>`select count(*) as n from vehicle_sightings
      where station_id = ${ids.s1} and seen_at >= ${startMs} and seen_at < ${endMs} and transaction_id is not null`.execute(
      t.database.db,
    );
    expect(body.kpis.vehiclesServed).toBe(Number(rows[0]!.n));
    expect(body.kpis.openIncidents).toBe(2);
    expect(body.location.directionsUrl).toMatch(/travelmode=driving&layer=t$/);
  });

  it.each([
    ['the default 24 hours', DAY, HOUR],
    ['three days', 3 * DAY, 6 * HOUR],
  ] as const)(
    'compares %s with the previous period and draws its trend from the rollups',
    async (_, span, step) => {
      const [startMs, endMs] = [now - span, now];
      const body = await get<TStationOverview>(`/api/stations/m-one/overview?${window(startMs, endMs)}`);
      const previous = await rawTotals(t.database.db, [ids.s1], startMs - span, startMs);
      expect(body.comparison.previousWindow).toEqual({
        startDate: new Date(startMs - span).toISOString(),
        endDate: new Date(startMs).toISOString(),
      });
      expect(body.comparison.previous.revenuePaise).toBe(previous.amountPaise);
      expect(body.comparison.previous.transactions).toBe(previous.transactions);
      expect(body.comparison.stepMs).toBe(step);
      // The trend adds up to the window's KPIs, one point per step, oldest first.
      const trend = body.comparison.trend;
      expect(trend.reduce((sum, point) => sum + point.revenuePaise, 0)).toBe(body.kpis.revenuePaise);
      expect(trend.reduce((sum, point) => sum + point.transactions, 0)).toBe(body.kpis.transactions);
      expect(trend.length).toBeGreaterThanOrEqual(span / step);
      expect(trend.length).toBeLessThanOrEqual(span / step + 1);
      const times = trend.map((point) => Date.parse(point.at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    },
  );

  it('serves sales over time with every step, matching the raw sums, filtered by fuel', async () => {
    const [startMs, endMs] = [now - 3 * DAY - 5 * HOUR - 3 * MINUTE, now - 7 * MINUTE];
    for (const frequency of ['1h', '1d', '3h', '30m']) {
      const body = await get<TSalesSeries>(
        `/api/stations/m-one/sales?${window(startMs, endMs)}&frequency=${frequency}`,
      );
      const raw = await rawTotals(t.database.db, [ids.s1], startMs, endMs);
      expect(
        body.points.reduce((sum, p) => sum + p.amountPaise, 0),
        frequency,
      ).toBe(raw.amountPaise);
      expect(
        body.points.reduce((sum, p) => sum + p.transactions, 0),
        frequency,
      ).toBe(raw.transactions);
      const step = { '1h': HOUR, '1d': DAY, '3h': 3 * HOUR, '30m': 30 * MINUTE }[frequency]!;
      const gaps = body.points.slice(1).map((p, i) => Date.parse(p.at) - Date.parse(body.points[i]!.at));
      expect(new Set(gaps), frequency).toEqual(new Set([step]));
      expect(Date.parse(body.points[0]!.at)).toBeLessThanOrEqual(startMs);
    }
    const petrol = await get<TSalesSeries>(`/api/stations/m-one/sales?${window(startMs, endMs)}&fuel=petrol`);
    const raw = await rawTotals(t.database.db, [ids.s1], startMs, endMs, 'petrol');
    expect(petrol.fuels).toEqual([expect.objectContaining({ fuel: 'petrol', amountPaise: raw.amountPaise })]);
    const day = await get<TSalesSeries>(`/api/stations/m-one/sales?${window(startMs, endMs)}&frequency=1d`);
    const firstDay = Date.parse(day.points[0]!.at);
    expect((firstDay + 19_800_000) % DAY, 'days start at IST midnight').toBe(0);
  });

  it('enforces the sales window and step limits', async () => {
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/stations/m-one/sales?${window(now - 181 * DAY, now)}`,
      headers: admin,
    });
    expect(long.json()).toMatchObject({ statusCode: 400, code: 'WINDOW_TOO_LONG' });
    const fine = await t.app.inject({
      method: 'GET',
      url: `/api/stations/m-one/sales?${window(now - 10 * DAY, now)}&frequency=30m`,
      headers: admin,
    });
    expect(fine.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(fine.json().details[0].path).toBe('frequency');
  });

  it('charts metrics for the default day: volume, transactions, vehicles and queues per step', async () => {
    const body = await get<TStationMetrics>('/api/stations/m-one/metrics');
    expect(body.window.frequency).toBe('5m');
    expect(body.points.length).toBeGreaterThanOrEqual(288);
    const start = Date.parse(body.window.startDate);
    const raw = await rawTotals(t.database.db, [ids.s1], start, now);
    expect(body.points.reduce((sum, p) => sum + p.transactions, 0)).toBe(raw.transactions);
    const { rows } = await sql<{ n: number }>`select count(*) as n from vehicle_sightings
      where station_id = ${ids.s1} and seen_at >= ${start} and seen_at < ${now}`.execute(t.database.db);
    expect(body.points.reduce((sum, p) => sum + p.vehicles, 0)).toBe(Number(rows[0]!.n));
    const sampled = body.points.filter((p) => p.queueLength !== null);
    expect(sampled.length).toBeGreaterThan(90);
    expect(sampled.every((p) => (p.maxQueueLength ?? 0) >= (p.queueLength ?? 0))).toBe(true);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/stations/m-one/metrics?${window(now - 8 * DAY, now)}`,
      headers: admin,
    });
    expect(tooLong.json()).toMatchObject({ code: 'WINDOW_TOO_LONG' });
  });

  it('runs the command centre over the visible stations only', async () => {
    const body = await get<TCommandCentre>('/api/command');
    const raw = await rawTotals(t.database.db, [ids.s1, ids.s2], now - DAY, now);
    expect(body.kpis.revenuePaise).toBe(raw.amountPaise);
    expect(body.kpis.transactions).toBe(raw.transactions);
    expect(body.stations.map((s) => s.slug)).toEqual(['m-one', 'm-two']);
    expect(body.stationsByStatus.find((s) => s.status === 'operational')?.count).toBe(2);
    expect(body.top[0]!.revenuePaise).toBeGreaterThanOrEqual(body.top[1]!.revenuePaise);
    expect(body.bottom[0]!.revenuePaise).toBeLessThanOrEqual(body.bottom[1]!.revenuePaise);
    expect(body.latestTransactions).toHaveLength(10);
    expect(body.latestIncidents.map((i) => i.status)).toEqual(['open', 'acknowledged']);
    expect(body.kpis.openIncidents).toBe(2);
    const mine = await get<TCommandCentre>('/api/command', member);
    expect(mine.stations.map((s) => s.slug)).toEqual(['m-one']);
    expect(mine.kpis.transactions).toBe(
      (await rawTotals(t.database.db, [ids.s1], now - DAY, now)).transactions,
    );
    expect(mine.latestTransactions.every((tx) => tx.stationId === ids.s1)).toBe(true);
    const theirs = await get<TCommandCentre>('/api/command', otherAdmin);
    expect(theirs.stations.map((s) => s.slug)).toEqual(['m-other']);
    expect(theirs.latestIncidents).toEqual([]);
  });

  it('answers 404 for stations of other organisations and outside a member list', async () => {
    for (const path of ['overview', 'sales', 'metrics', 'congestion', 'congestion/summary']) {
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/stations/m-other/${path}`,
        headers: admin,
      });
      expect(foreign.statusCode, path).toBe(404);
      const hidden = await t.app.inject({
        method: 'GET',
        url: `/api/stations/m-two/${path}`,
        headers: member,
      });
      expect(hidden.statusCode, path).toBe(404);
    }
  });
});
