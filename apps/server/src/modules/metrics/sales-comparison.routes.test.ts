import type { TSalesSeries } from '@forecourt/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { fillRows, insertFills } from '../operations/testing';
import { refreshSalesRollups } from './sales-rollup.repository';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
const IST = 19_800_000;

async function rawTotals(db: Db, stationId: number, startMs: number, endMs: number, fuel?: string) {
  const { rows } = await sql<{ n: number; a: number }>`
    select count(*) as n, coalesce(sum(amount_paise), 0) as a
      from transactions
     where station_id = ${stationId} and started_at >= ${startMs} and started_at < ${endMs}
       ${fuel ? sql`and fuel = ${fuel}` : sql``}`.execute(db);
  return { transactions: Number(rows[0]!.n), amountPaise: Number(rows[0]!.a) };
}

describe('sales compared with another period', () => {
  let t: TestApp;
  let now: number;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let stationId = 0;
  let firstFill = 0;

  beforeAll(async () => {
    t = await createTestApp();
    now = t.clock.now();
    const db = t.database.db;
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    const s1 = await createStation(db, a.id, { slug: 'c-one' });
    const s2 = await createStation(db, a.id, { slug: 'c-two' });
    await createStation(db, b.id, { slug: 'c-other' });
    stationId = s1.id;
    // Twenty days of fills every 37 minutes: last week is fully known, last year is not.
    const rows = fillRows(s1, 780, { latest: now - 2 * MINUTE, everyMs: 37 * MINUTE });
    firstFill = Math.min(...rows.map((row) => row.startedAt));
    await insertFills(db, rows);
    await insertFills(db, fillRows(s2, 20, { latest: now - MINUTE }));
    await refreshSalesRollups(db, { fromMs: now - 30 * DAY, toMs: now + HOUR });
    admin = (await createSignedInUser(db, { organizationId: a.id, role: 'admin' })).headers;
    member = (await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s1.id] }))
      .headers;
  });
  afterAll(() => t.close());

  const window = (startMs: number, endMs: number) =>
    `startDate=${new Date(startMs).toISOString()}&endDate=${new Date(endMs).toISOString()}`;

  async function sales(query: string, headers = admin): Promise<TSalesSeries> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/stations/c-one/sales?${query}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('answers no comparison unless asked', async () => {
    const body = await sales(window(now - 3 * DAY, now));
    expect(body.comparison).toBeUndefined();
  });

  it('pairs each step with the same step a week earlier, equal to the raw sums', async () => {
    const [startMs, endMs] = [now - 3 * DAY - 5 * HOUR - 3 * MINUTE, now - 7 * MINUTE];
    for (const frequency of ['1h', '1d', '6h']) {
      const body = await sales(`${window(startMs, endMs)}&frequency=${frequency}&compare=lastWeek`);
      const comparison = body.comparison!;
      expect(comparison.kind).toBe('lastWeek');
      expect(comparison.coverage).toBe('full');
      expect(Date.parse(comparison.window.startDate)).toBe(startMs - WEEK);
      expect(Date.parse(comparison.window.endDate)).toBe(endMs - WEEK);
      expect(comparison.points).toHaveLength(body.points.length);
      comparison.points.forEach((point, index) => {
        expect(Date.parse(point.at), frequency).toBe(Date.parse(body.points[index]!.at) - WEEK);
      });
      const raw = await rawTotals(t.database.db, stationId, startMs - WEEK, endMs - WEEK);
      expect(comparison.totals).toEqual({
        revenuePaise: raw.amountPaise,
        transactions: raw.transactions,
        averageTicketPaise: Math.round(raw.amountPaise / raw.transactions),
      });
      expect(comparison.points.reduce((sum, point) => sum + (point.amountPaise ?? 0), 0)).toBe(
        raw.amountPaise,
      );
      expect(comparison.points.every((point) => point.amountPaise !== null)).toBe(true);
    }
  });

  it('compares with the period just before, with the same filters', async () => {
    const [startMs, endMs] = [now - 2 * DAY - 5 * HOUR - 3 * MINUTE, now - 7 * MINUTE];
    const span = endMs - startMs;
    const body = await sales(`${window(startMs, endMs)}&frequency=1h&compare=previous&fuel=petrol`);
    const comparison = body.comparison!;
    expect(Date.parse(comparison.window.startDate)).toBe(startMs - span);
    expect(Date.parse(comparison.window.endDate)).toBe(startMs);
    const raw = await rawTotals(t.database.db, stationId, startMs - span, startMs, 'petrol');
    expect(raw.transactions).toBeGreaterThan(0);
    expect(comparison.totals?.revenuePaise).toBe(raw.amountPaise);
    expect(comparison.totals?.transactions).toBe(raw.transactions);
    expect(comparison.points).toHaveLength(body.points.length);
  });

  it('says "no data" for last year beyond the data, never zeros', async () => {
    const body = await sales(`${window(now - 7 * DAY, now)}&compare=lastYear`);
    const comparison = body.comparison!;
    expect(comparison.coverage).toBe('none');
    expect(comparison.totals).toBeNull();
    expect(comparison.points.length).toBe(body.points.length);
    expect(
      comparison.points.every((point) => point.amountPaise === null && point.transactions === null),
    ).toBe(true);
    const firstDay = Math.floor((firstFill + IST) / DAY) * DAY - IST;
    expect(Date.parse(comparison.dataFrom!)).toBe(firstDay);
    expect(Date.parse(comparison.window.startDate)).toBe(Date.parse(body.window.startDate) - 52 * WEEK);
  });

  it('draws the known part of a window that starts before the data and gives no totals', async () => {
    const [startMs, endMs] = [now - 15 * DAY, now];
    const body = await sales(`${window(startMs, endMs)}&frequency=1d&compare=previous`);
    const comparison = body.comparison!;
    expect(comparison.coverage).toBe('partial');
    expect(comparison.totals).toBeNull();
    const dataFrom = Date.parse(comparison.dataFrom!);
    for (const point of comparison.points) {
      const known = Date.parse(point.at) >= dataFrom;
      expect(point.amountPaise === null, point.at).toBe(!known);
    }
    expect(comparison.points.some((point) => point.amountPaise === null)).toBe(true);
    expect(comparison.points.some((point) => (point.amountPaise ?? 0) > 0)).toBe(true);
  });

  it('rejects an unknown comparison and keeps stations scoped', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/stations/c-one/sales?${window(now - DAY, now)}&compare=lastCentury`,
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    for (const [slug, headers] of [
      ['c-other', admin],
      ['c-two', member],
    ] as const) {
      const hidden = await t.app.inject({
        method: 'GET',
        url: `/api/stations/${slug}/sales?compare=lastWeek`,
        headers,
      });
      expect(hidden.statusCode, slug).toBe(404);
    }
    const mine = await sales(`${window(now - DAY, now)}&compare=lastWeek`, member);
    expect(mine.comparison?.coverage).toBe('full');
  });
});
