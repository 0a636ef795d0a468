import type { TCommandCentre, TSalesSeries, TStationOverview } from '@forecourt/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../seed/seed';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createSignedInUser } from '../../test/factories';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The tiny seed (3 days, 6 stations) built with its own rollup writer: every answer read from
 * sales_daily / sales_hourly plus raw edges must equal the sums of the seeded fills.
 */
describe('rollup-based totals on the seeded data', () => {
  let t: TestApp;
  let now: number;
  let headers: Record<string, string>;
  let stations: { id: number; slug: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    const summary = await seed(t.database, { scale: 'tiny', seed: 3 });
    now = summary.now;
    stations = await t.database.db
      .selectFrom('stations')
      .select(['id', 'slug'])
      .where('organizationId', '=', 1)
      .orderBy('id')
      .execute();
    headers = (await createSignedInUser(t.database.db, { organizationId: 1, role: 'admin' })).headers;
  });
  afterAll(() => t.close());

  async function raw(stationIds: number[], startMs: number, endMs: number) {
    const { rows } = await sql<{ n: number; a: number }>`
      select count(*) as n, coalesce(sum(amount_paise), 0) as a from transactions
       where station_id in (${sql.join(stationIds)}) and started_at >= ${startMs} and started_at < ${endMs}`.execute(
      t.database.db,
    );
    return { transactions: Number(rows[0]!.n), amountPaise: Number(rows[0]!.a) };
  }
  async function get<T>(url: string): Promise<T> {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const window = (startMs: number, endMs: number) =>
    `startDate=${new Date(startMs).toISOString()}&endDate=${new Date(endMs).toISOString()}`;

  const WINDOWS = [
    ['the last 24 hours', DAY, 0],
    ['two days and a bit, off the hour', 2 * DAY + 3 * HOUR + 1_234_567, 47 * 60_000],
    ['the whole history', 4 * DAY, 0],
  ] as const;

  it.each(WINDOWS)('station overviews equal the raw sums for %s', async (_, back, until) => {
    for (const station of stations) {
      const [startMs, endMs] = [now - back, now - until];
      const body = await get<TStationOverview>(
        `/api/stations/${station.slug}/overview?${window(startMs, endMs)}`,
      );
      const expected = await raw([station.id], startMs, endMs);
      expect(body.kpis.transactions, station.slug).toBe(expected.transactions);
      expect(body.kpis.revenuePaise, station.slug).toBe(expected.amountPaise);
      const { rows } = await sql<{ n: number }>`select count(*) as n from vehicle_sightings
        where station_id = ${station.id} and seen_at >= ${startMs} and seen_at < ${endMs}
          and transaction_id is not null`.execute(t.database.db);
      expect(body.kpis.vehiclesServed, station.slug).toBe(Number(rows[0]!.n));
    }
  });

  it.each(WINDOWS)('the command centre equals the raw sums for %s', async (_, back, until) => {
    const [startMs, endMs] = [now - back, now - until];
    const body = await get<TCommandCentre>(`/api/command?${window(startMs, endMs)}`);
    const expected = await raw(
      stations.map((s) => s.id),
      startMs,
      endMs,
    );
    expect(body.kpis.revenuePaise).toBe(expected.amountPaise);
    for (const station of body.stations) {
      expect(station.revenuePaise, station.slug).toBe((await raw([station.id], startMs, endMs)).amountPaise);
    }
  });

  it('daily and hourly sales series add up to the raw sums', async () => {
    const station = stations[0]!;
    const [startMs, endMs] = [now - 3 * DAY - 5 * HOUR, now];
    const expected = await raw([station.id], startMs, endMs);
    for (const frequency of ['1d', '6h', '1h']) {
      const body = await get<TSalesSeries>(
        `/api/stations/${station.slug}/sales?${window(startMs, endMs)}&frequency=${frequency}`,
      );
      expect(
        body.points.reduce((sum, p) => sum + p.amountPaise, 0),
        frequency,
      ).toBe(expected.amountPaise);
    }
  });
});
