import type { TCongestionSamplePage, TCongestionSummary } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { insertCongestion } from '../operations/testing';

const DAY = 86_400_000;

describe('congestion', () => {
  let t: TestApp;
  let now: number;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    // An IST hour boundary, so a day is 24 hourly steps of 4 samples each.
    now = Math.floor((t.clock.now() + 19_800_000) / 3_600_000) * 3_600_000 - 19_800_000;
    const db = t.database.db;
    const org = await createOrganization(db);
    const station = await createStation(db, org.id, { slug: 'c-one' });
    await insertCongestion(db, station, { from: now - 2 * DAY, to: now, lanes: 3 });
    admin = (await createSignedInUser(db, { organizationId: org.id, role: 'admin' })).headers;
  });
  afterAll(() => t.close());

  async function get<T>(url: string): Promise<T> {
    const response = await t.app.inject({ method: 'GET', url, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const window = () =>
    `startDate=${new Date(now - DAY).toISOString()}&endDate=${new Date(now).toISOString()}`;

  it('pages the lane samples of the window, latest first, by lane', async () => {
    const body = await get<TCongestionSamplePage>(`/api/stations/c-one/congestion?${window()}&limit=200`);
    expect(body.count).toBe(96 * 3);
    expect(body.results[0]!.sampledAt).toBe(new Date(now - 900_000).toISOString());
    const lane = await get<TCongestionSamplePage>(`/api/stations/c-one/congestion?${window()}&lane=2`);
    expect(lane.count).toBe(96);
    expect(lane.results.every((s) => s.lane === 2)).toBe(true);
    const busiest = await get<TCongestionSamplePage>(
      `/api/stations/c-one/congestion?${window()}&sort=-queueLength`,
    );
    expect(busiest.results[0]!.queueLength).toBe(6);
  });

  it('summarises queue and wait per lane over the window, and the busiest hours', async () => {
    const body = await get<TCongestionSummary>(
      `/api/stations/c-one/congestion/summary?${window()}&frequency=1h`,
    );
    expect(body.lanes.map((l) => l.lane)).toEqual([1, 2, 3]);
    const [l1, , l3] = body.lanes;
    // Queue = (sample index mod 4) + lane: a mean of 1.5 + lane, waits a minute a vehicle.
    expect(l1!.averageQueueLength).toBe(2.5);
    expect(l3!.averageQueueLength).toBe(4.5);
    expect(l3!.maxQueueLength).toBe(6);
    expect(l1!.averageWaitSeconds).toBe(150);
    expect(l1!.points).toHaveLength(24);
    expect(l1!.points[0]).toMatchObject({ queueLength: 2.5, maxQueueLength: 4, waitSeconds: 150 });
    expect(body.busiestHours).toHaveLength(5);
    expect(body.busiestHours.every((h) => h.hour >= 0 && h.hour < 24)).toBe(true);
  });
});
