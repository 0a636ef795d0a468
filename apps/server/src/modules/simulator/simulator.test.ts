import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization } from '../../test/factories';
import { createForecourt, type Forecourt } from '../ingest/testing';
import type { OperationsEvent } from '../realtime/publisher';
import { createSimulator, type SimulatorDeps } from './simulator';

const MINUTE = 60_000;

describe('live demo simulator', () => {
  let t: TestApp;
  let forecourt: Forecourt;
  const events: OperationsEvent[] = [];
  const problems: unknown[] = [];
  // 12:00 IST, on the 15-minute grid.
  const t0 = Date.UTC(2026, 2, 10, 6, 30);
  let deps: SimulatorDeps;

  beforeAll(async () => {
    t = await createTestApp({ startAt: t0 });
    const org = await createOrganization(t.database.db);
    forecourt = await createForecourt(t.database.db, org.id, { slug: 'sim-pune', at: t0 });
    t.app.realtime.onEvent((event) => events.push(event));
    deps = {
      db: t.database.db,
      ingest: t.app.ingest,
      now: t.clock.now,
      log: {
        info: () => undefined,
        warn: (object) => void problems.push(object),
        error: (object) => void problems.push(object),
      },
    };
  });
  afterAll(() => t.close());

  const simCount = async (table: 'transactions' | 'payments' | 'vehicleSightings' | 'congestionSamples') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sourceId', 'like', 'sim-%')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sends fills, payments, sightings, nozzle states and queue samples through ingest', async () => {
    const simulator = createSimulator(deps, { seed: 7 });
    const first = await simulator.tick(t0);
    t.clock.advance(30 * MINUTE);
    const second = await simulator.tick(t0 + 30 * MINUTE);
    expect(problems).toEqual([]);

    const accepted = [...first, ...second].reduce(
      (sum, { result }) => ({
        transactions: sum.transactions + result.accepted.transactions,
        payments: sum.payments + result.accepted.payments,
        sightings: sum.sightings + result.accepted.sightings,
        nozzleStates: sum.nozzleStates + result.accepted.nozzleStates,
        congestionSamples: sum.congestionSamples + result.accepted.congestionSamples,
      }),
      { transactions: 0, payments: 0, sightings: 0, nozzleStates: 0, congestionSamples: 0 },
    );
    expect(accepted.transactions).toBeGreaterThan(3);
    expect(accepted.payments).toBeGreaterThanOrEqual(accepted.transactions - 1);
    expect(accepted.sightings).toBeGreaterThan(0);
    // Every completed fill lifted and hung up its nozzle.
    expect(accepted.nozzleStates).toBeGreaterThanOrEqual(2 * accepted.transactions);
    // Three slots (12:00, 12:15, 12:30) × two lanes.
    expect(accepted.congestionSamples).toBe(6);

    expect(await simCount('transactions')).toBe(accepted.transactions);
    expect(await simCount('congestionSamples')).toBe(6);
    // The organisation's first controller link drops on the first tick and is back 30 minutes
    // later; ingest opened the incident for it (people are told through incident.opened).
    const links = [...first, ...second].reduce((sum, { result }) => sum + result.accepted.dispenserStates, 0);
    expect(links).toBe(2);
    const lost = await t.database.db
      .selectFrom('incidents')
      .select(['title', 'type'])
      .where('stationId', '=', forecourt.station.id)
      .execute();
    expect(lost).toEqual([
      { type: 'dispenser_fault', title: expect.stringContaining('controller link lost') },
    ]);
    const unlinked = await t.database.db
      .selectFrom('payments')
      .select('id')
      .where('sourceId', 'like', 'sim-%')
      .where('transactionId', 'is', null)
      .execute();
    expect(unlinked).toEqual([]);
    // Realistic values: the station's own nozzles and prices, plausible quantities.
    const fills = await t.database.db
      .selectFrom('transactions')
      .select(['nozzleId', 'fuel', 'unitPricePaise', 'quantityMilli', 'startedAt', 'endedAt'])
      .where('sourceId', 'like', 'sim-%')
      .execute();
    const prices: Record<string, number> = { petrol: 10_472, diesel: 9_021, cng: 8_890 };
    for (const fill of fills) {
      expect(Object.values(forecourt.nozzles)).toContain(fill.nozzleId);
      expect(fill.unitPricePaise).toBe(prices[fill.fuel]);
      expect(fill.quantityMilli).toBeGreaterThan(500);
      expect(fill.startedAt).toBeGreaterThanOrEqual(t0);
      expect(fill.endedAt).toBeGreaterThan(fill.startedAt);
    }
    // The rollups follow.
    const { rows } = await sql<{ raw: number; rolled: number }>`
      select (select count(*) from transactions where station_id = ${forecourt.station.id}) as raw,
             (select coalesce(sum(transaction_count), 0) from sales_hourly where station_id = ${forecourt.station.id}) as rolled`.execute(
      t.database.db,
    );
    expect(Number(rows[0]?.rolled)).toBe(Number(rows[0]?.raw));

    const names = new Set(events.map((event) => event.name));
    for (const name of [
      'transactions.created',
      'payments.created',
      'nozzle.state',
      'congestion.sampled',
      'sales.updated',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('replays a tick as duplicates (source ids follow from station, tick and seed)', async () => {
    const before = await simCount('transactions');
    const replay = createSimulator(deps, { seed: 7 });
    await replay.tick(t0);
    const again = await replay.tick(t0 + 30 * MINUTE);
    expect(problems).toEqual([]);
    const result = again.find(({ stationId }) => stationId === forecourt.station.id)?.result;
    expect(result?.accepted.transactions).toBe(0);
    expect(result?.duplicates.transactions).toBeGreaterThan(0);
    expect(await simCount('transactions')).toBe(before);
  });

  it('hangs up the nozzles of fills in progress when it stops', async () => {
    const lifted = async () =>
      (
        await t.database.db
          .selectFrom('nozzles')
          .select('id')
          .where('stationId', '=', forecourt.station.id)
          .where('status', '=', 'dispensing')
          .execute()
      ).length;
    // Busy enough that some fills are still running when it stops.
    const simulator = createSimulator(deps, { seed: 11, liveliness: 30 });
    const later = t0 + 3 * 3_600_000;
    t.clock.advance(later - t.clock.now());
    await simulator.tick(later);
    t.clock.advance(20 * MINUTE);
    await simulator.tick(later + 20 * MINUTE);
    expect(await lifted()).toBeGreaterThan(0);
    await simulator.stop();
    expect(await lifted()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('starts and stops cleanly', async () => {
    const simulator = createSimulator(deps, { seed: 9, intervalMs: 60_000 });
    simulator.start();
    simulator.start();
    await simulator.stop();
    await simulator.stop();
    expect(problems).toEqual([]);
  });
});
