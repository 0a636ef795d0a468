import type {
  TLoyaltyPrograms,
  TLoyaltyTransactionPage,
  TSettlementDetail,
  TSettlementPage,
} from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventOf } from '../../lib/domain-events';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import {
  insertLoyaltyTransactions,
  insertProgram,
  insertSettlements,
  type LoyaltyTransactionSeed,
} from './testing';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Session = { headers: Record<string, string>; user: { id: number } };

describe('loyalty', () => {
  let t: TestApp;
  let now: number;
  let admin: Session;
  let member: Session;
  let otherAdmin: Session;
  const ids = { orgA: 0, orgB: 0, s1: 0, s2: 0, s3: 0, programA: 0, programB: 0 };
  const ledger: LoyaltyTransactionSeed[] = [];
  const settlementIds: number[] = [];
  const statementId = { s1: 0, s2: 0, otherOrg: 0 };
  const ready: DomainEventOf<'settlement.ready'>[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    now = t.clock.now();
    const db = t.database.db;
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    const s1 = await createStation(db, a.id, { name: 'Alpha Fuels' });
    const s2 = await createStation(db, a.id, { name: 'Beta Fuels' });
    const s3 = await createStation(db, b.id);
    const programA = await insertProgram(db, {
      organizationId: a.id,
      slug: `alpha-${a.id}`,
      name: 'Alpha Miles',
    });
    const programB = await insertProgram(db, {
      organizationId: b.id,
      slug: `beta-${b.id}`,
      name: 'Beta Points',
    });
    Object.assign(ids, { orgA: a.id, orgB: b.id, s1: s1.id, s2: s2.id, s3: s3.id, programA, programB });
    admin = await createSignedInUser(db, { organizationId: a.id, role: 'admin' });
    member = await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s1.id] });
    otherAdmin = await createSignedInUser(db, { organizationId: b.id, role: 'admin' });

    const base = { organizationId: a.id, programId: programA };
    // 50 live successful entries, one every 10 minutes, alternating stations and kinds.
    for (let i = 0; i < 50; i++) {
      ledger.push({
        ...base,
        stationId: i % 2 === 0 ? s1.id : s2.id,
        createdAt: now - (i + 1) * 10 * MINUTE,
        kind: i % 3 === 0 ? 'redeem' : 'earn',
        points: i % 3 === 0 ? -(i + 1) : i + 1,
        amountPaise: 10_000 * (i + 1),
      });
    }
    // Other statuses, test entries, and entries before the default day.
    for (let i = 0; i < 5; i++)
      ledger.push({ ...base, stationId: s1.id, createdAt: now - (i + 1) * 7 * MINUTE, status: 'pending' });
    for (let i = 0; i < 3; i++)
      ledger.push({ ...base, stationId: s2.id, createdAt: now - (i + 1) * 11 * MINUTE, status: 'failed' });
    for (let i = 0; i < 4; i++)
      ledger.push({ ...base, stationId: s1.id, createdAt: now - (i + 1) * 13 * MINUTE, isTest: true });
    for (let i = 0; i < 3; i++)
      ledger.push({ ...base, stationId: s1.id, createdAt: now - 2 * DAY - i * HOUR });
    // Another organisation's programme.
    ledger.push({ organizationId: b.id, programId: programB, stationId: s3.id, createdAt: now - HOUR });
    await insertLoyaltyTransactions(db, ledger);

    // 45 settlements in the last 30 days (one every 12 hours), two older ones, one of org B.
    const statuses = ['pending', 'processing', 'settled', 'failed'] as const;
    const seeds = Array.from({ length: 45 }, (_, i) => ({
      ...base,
      stationId: i % 3 === 0 ? s2.id : s1.id,
      periodStart: now - (i + 1) * 12 * HOUR - DAY,
      periodEnd: now - (i + 1) * 12 * HOUR,
      createdAt: now - (i + 1) * 12 * HOUR,
      status: statuses[i % 4],
      grossPaise: 1_000_000 + i * 1_000,
    }));
    settlementIds.push(...(await insertSettlements(db, seeds)));
    await insertSettlements(db, [
      {
        ...base,
        stationId: s1.id,
        periodStart: now - 40 * DAY,
        periodEnd: now - 39 * DAY,
        createdAt: now - 39 * DAY,
      },
      {
        ...base,
        stationId: s2.id,
        periodStart: now - 50 * DAY,
        periodEnd: now - 49 * DAY,
        createdAt: now - 49 * DAY,
      },
    ]);
    // The statements under test: the last 6 hours at each station, pending.
    const [s1Statement, s2Statement] = await insertSettlements(db, [
      { ...base, stationId: s1.id, periodStart: now - 6 * HOUR, periodEnd: now, createdAt: now - MINUTE },
      { ...base, stationId: s2.id, periodStart: now - 6 * HOUR, periodEnd: now, createdAt: now - MINUTE },
    ]);
    const [otherOrg] = await insertSettlements(db, [
      {
        organizationId: b.id,
        programId: programB,
        stationId: s3.id,
        periodStart: now - DAY,
        periodEnd: now,
        createdAt: now - MINUTE,
      },
    ]);
    Object.assign(statementId, { s1: s1Statement, s2: s2Statement, otherOrg });
    t.app.domainEvents.subscribe('settlement.ready', (event) => {
      ready.push(event);
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const slugA = () => `alpha-${ids.orgA}`;
  const slugB = () => `beta-${ids.orgB}`;
  const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });
  const transactions = async (query = '', headers = admin.headers) => {
    const response = await get(`/api/loyalty/${slugA()}/transactions${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TLoyaltyTransactionPage>();
  };
  const settlements = async (query = '', headers = admin.headers) => {
    const response = await get(`/api/loyalty/${slugA()}/settlements${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TSettlementPage>();
  };
  const move = (id: number, payload: object, headers = admin.headers, slug = slugA()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/loyalty/${slug}/settlements/${id}/status`,
      headers,
      payload,
    });
  const csvRows = (body: string) =>
    body
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));

  describe('programmes', () => {
    it("lists only the caller's organisation's programmes", async () => {
      const mine = (await get('/api/loyalty')).json<TLoyaltyPrograms>();
      expect(mine.results.map((program) => program.slug)).toEqual([slugA()]);
      expect(mine.results[0]).toMatchObject({ name: 'Alpha Miles', pointsPerHundred: 1 });
      const theirs = (await get('/api/loyalty', otherAdmin.headers)).json<TLoyaltyPrograms>();
      expect(theirs.results.map((program) => program.slug)).toEqual([slugB()]);
    });

    it('needs a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/loyalty' })).statusCode).toBe(401);
    });
  });

  describe('transactions', () => {
    it('defaults to live successful entries of the last 24 hours, 40 a page, newest first', async () => {
      const first = await transactions();
      expect(first.count).toBe(50);
      expect(first.results).toHaveLength(40);
      expect(first.results.every((row) => row.status === 'success' && !row.isTest)).toBe(true);
      const times = first.results.map((row) => Date.parse(row.createdAt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
      expect(first.results[0]?.stationName).toBe('Alpha Fuels');
      expect(first.window).toBeDefined();
      const span = Date.parse(first.window?.endDate ?? '') - Date.parse(first.window?.startDate ?? '');
      expect(span).toBe(DAY);
      expect(first.window?.maxInterval).toBe('366d');
      const second = await transactions(`?cursor=${first.nextCursor}`);
      expect(second.results).toHaveLength(10);
      expect(second.nextCursor).toBeUndefined();
      const all = new Set([...first.results, ...second.results].map((row) => row.id));
      expect(all.size).toBe(50);
    });

    it('filters by status, test flag, kind and station', async () => {
      const other = await transactions('?status=pending,failed');
      expect(other.count).toBe(8);
      expect(other.results.every((row) => row.status === 'pending' || row.status === 'failed')).toBe(true);
      const tests = await transactions('?isTest=true');
      expect(tests.count).toBe(4);
      expect(tests.results.every((row) => row.isTest)).toBe(true);
      const redeem = await transactions('?kind=redeem&limit=100');
      expect(redeem.count).toBe(17);
      expect(redeem.results.every((row) => row.kind === 'redeem' && row.points < 0)).toBe(true);
      const station = await transactions(`?station=${ids.s2}&limit=100`);
      expect(station.count).toBe(25);
      expect(station.results.every((row) => row.stationId === ids.s2)).toBe(true);
      const foreign = await transactions(`?station=${ids.s3}`);
      expect(foreign.count).toBe(0);
    });

    it('reads the window asked for and sorts by points', async () => {
      const start = new Date(now - 3 * DAY).toISOString();
      const longer = await transactions(`?startDate=${start}&limit=100`);
      expect(longer.count).toBe(53);
      const byPoints = await transactions('?sort=points&limit=3');
      expect(byPoints.results.map((row) => row.points)).toEqual([-49, -46, -43]);
    });

    it('refuses a window over 366 days, and a points sort over a month', async () => {
      const start = new Date(now - 400 * DAY).toISOString();
      const response = await get(`/api/loyalty/${slugA()}/transactions?startDate=${start}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'WINDOW_TOO_LONG' });
      const month = new Date(now - 60 * DAY).toISOString();
      const sorted = await get(`/api/loyalty/${slugA()}/transactions?startDate=${month}&sort=-points`);
      expect(sorted.statusCode).toBe(400);
      const inverted = await get(
        `/api/loyalty/${slugA()}/transactions?startDate=${new Date(now).toISOString()}&endDate=${new Date(now - DAY).toISOString()}`,
      );
      expect(inverted.statusCode).toBe(400);
      expect(inverted.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('exports the filtered ledger as CSV', async () => {
      const response = await get(`/api/loyalty/${slugA()}/transactions?format=csv&status=pending`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toMatch(/alpha-\d+-loyalty-\d{8}\.csv/);
      const [header, ...rows] = csvRows(response.body);
      expect(rows).toHaveLength(5);
      const status = header?.indexOf('Status') ?? -1;
      const station = header?.indexOf('Station name') ?? -1;
      expect(status).toBeGreaterThanOrEqual(0);
      expect(rows.every((row) => row[status] === 'pending' && row[station] === 'Alpha Fuels')).toBe(true);
      const all = await get(`/api/loyalty/${slugA()}/transactions?format=csv`);
      expect(csvRows(all.body)).toHaveLength(51);
    });

    it("answers 404 for another organisation's programme or an unknown slug", async () => {
      expect((await get(`/api/loyalty/${slugB()}/transactions`)).statusCode).toBe(404);
      expect((await get('/api/loyalty/no-such-programme/transactions')).statusCode).toBe(404);
      expect((await get(`/api/loyalty/${slugB()}/settlements`)).statusCode).toBe(404);
      const theirs = (await get(`/api/loyalty/${slugB()}/transactions`, otherAdmin.headers)).json();
      expect(theirs.count).toBe(1);
    });

    it("shows a member only their stations' entries", async () => {
      const mine = await transactions('?limit=100', member.headers);
      expect(mine.count).toBe(25);
      expect(mine.results.every((row) => row.stationId === ids.s1)).toBe(true);
      const elsewhere = await transactions(`?station=${ids.s2}`, member.headers);
      expect(elsewhere.count).toBe(0);
      const csv = await get(`/api/loyalty/${slugA()}/transactions?format=csv`, member.headers);
      expect(csvRows(csv.body)).toHaveLength(26);
    });
  });

  describe('settlements', () => {
    it('lists the last 30 days, 40 a page, newest first', async () => {
      const first = await settlements();
      expect(first.count).toBe(47);
      expect(first.results).toHaveLength(40);
      const created = first.results.map((row) => Date.parse(row.createdAt));
      expect(created).toEqual([...created].sort((x, y) => y - x));
      const span = Date.parse(first.window?.endDate ?? '') - Date.parse(first.window?.startDate ?? '');
      expect(span).toBe(30 * DAY);
      const second = await settlements(`?cursor=${first.nextCursor}`);
      expect(second.results).toHaveLength(7);
      const row = first.results.find((item) => item.id === settlementIds[0]);
      expect(row).toMatchObject({ grossPaise: 1_000_000, feePaise: 7_500, netPaise: 992_500 });
      expect(row?.stationName).toBe('Beta Fuels');
    });

    it('filters by status and station, takes longer windows and refuses too long ones', async () => {
      const settled = await settlements('?status=settled&limit=100');
      expect(settled.count).toBe(11);
      expect(settled.results.every((row) => row.status === 'settled' && row.utr !== null)).toBe(true);
      const station = await settlements(`?station=${ids.s2}&limit=100`);
      expect(station.count).toBe(16);
      expect(station.results.every((row) => row.stationId === ids.s2)).toBe(true);
      const longer = await settlements(`?startDate=${new Date(now - 60 * DAY).toISOString()}&limit=100`);
      expect(longer.count).toBe(49);
      const tooLong = await get(
        `/api/loyalty/${slugA()}/settlements?startDate=${new Date(now - 400 * DAY).toISOString()}`,
      );
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({ code: 'WINDOW_TOO_LONG' });
      const byNet = await settlements('?sort=-netPaise&limit=2');
      expect(byNet.results[0]?.netPaise).toBeGreaterThanOrEqual(byNet.results[1]?.netPaise ?? 0);
    });

    it('exports as CSV with the filters applied', async () => {
      const response = await get(`/api/loyalty/${slugA()}/settlements?format=csv&status=failed`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const [header, ...rows] = csvRows(response.body);
      const status = header?.indexOf('Status') ?? -1;
      expect(rows).toHaveLength(11);
      expect(rows.every((row) => row[status] === 'failed')).toBe(true);
    });

    it('shows a member only their stations', async () => {
      const mine = await settlements('?limit=100', member.headers);
      expect(mine.count).toBe(31);
      expect(mine.results.every((row) => row.stationId === ids.s1)).toBe(true);
      expect(
        (await get(`/api/loyalty/${slugA()}/settlements/${statementId.s2}`, member.headers)).statusCode,
      ).toBe(404);
      expect(
        (await get(`/api/loyalty/${slugA()}/settlements/${statementId.s1}`, member.headers)).statusCode,
      ).toBe(200);
    });
  });

  describe('statement', () => {
    it("summarises the station's live successful ledger of the period by kind", async () => {
      const response = await get(`/api/loyalty/${slugA()}/settlements/${statementId.s1}`);
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json<TSettlementDetail>();
      expect(detail.station).toMatchObject({ id: ids.s1, name: 'Alpha Fuels' });
      expect(detail.program).toMatchObject({ id: ids.programA, slug: slugA() });
      expect(detail.status).toBe('pending');
      expect(detail.allowedTransitions).toEqual(['processing']);
      expect(detail.audit).toEqual([]);
      const inPeriod = ledger.filter(
        (seed) =>
          seed.programId === ids.programA &&
          seed.stationId === ids.s1 &&
          !seed.isTest &&
          (seed.status ?? 'success') === 'success' &&
          seed.createdAt >= now - 6 * HOUR &&
          seed.createdAt < now,
      );
      const expected = (['earn', 'redeem'] as const).map((kind) => {
        const rows = inPeriod.filter((seed) => (seed.kind ?? 'earn') === kind);
        return {
          kind,
          count: rows.length,
          points: rows.reduce((sum, seed) => sum + (seed.points ?? 10), 0),
          amountPaise: rows.reduce((sum, seed) => sum + (seed.amountPaise ?? 100_000), 0),
        };
      });
      expect(expected[0]?.count).toBeGreaterThan(0);
      expect(expected[1]?.count).toBeGreaterThan(0);
      expect(detail.loyalty).toEqual(expected);
    });

    it("answers 404 for another organisation's settlement, or one of another programme", async () => {
      expect((await get(`/api/loyalty/${slugA()}/settlements/${statementId.otherOrg}`)).statusCode).toBe(404);
      expect((await get(`/api/loyalty/${slugB()}/settlements/${statementId.otherOrg}`)).statusCode).toBe(404);
      expect(
        (await get(`/api/loyalty/${slugA()}/settlements/${statementId.s1}`, otherAdmin.headers)).statusCode,
      ).toBe(404);
      expect((await get(`/api/loyalty/${slugA()}/settlements/999999`)).statusCode).toBe(404);
      const write = await move(statementId.otherOrg, { to: 'processing' });
      expect(write.statusCode).toBe(404);
      const foreign = await move(statementId.s1, { to: 'processing' }, otherAdmin.headers, slugB());
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('payout lifecycle', () => {
    it('needs loyalty:u', async () => {
      const response = await move(statementId.s1, { to: 'processing' }, member.headers);
      expect(response.statusCode).toBe(403);
      const detail = (
        await get(`/api/loyalty/${slugA()}/settlements/${statementId.s1}`)
      ).json<TSettlementDetail>();
      expect(detail.status).toBe('pending');
    });

    it('moves pending → processing → settled with a UTR, audits each move and publishes settlement.ready', async () => {
      const id = statementId.s1;
      const skip = await move(id, { to: 'settled', utr: 'KAVBN00000000001' });
      expect(skip.statusCode).toBe(409);
      expect(skip.json()).toMatchObject({ code: 'CONFLICT' });

      t.clock.advance(MINUTE);
      const processing = await move(id, { to: 'processing', note: 'NEFT batch 7' });
      expect(processing.statusCode, processing.body).toBe(200);
      const started = processing.json<TSettlementDetail>();
      expect(started.status).toBe('processing');
      expect(started.allowedTransitions).toEqual(['settled', 'failed']);
      expect(started.audit).toHaveLength(1);
      expect(started.audit[0]).toMatchObject({
        action: 'settlement.processing',
        actor: { id: admin.user.id },
        data: { from: 'pending', to: 'processing', note: 'NEFT batch 7' },
      });

      const noUtr = await move(id, { to: 'settled' });
      expect(noUtr.statusCode).toBe(400);
      expect(noUtr.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'utr' }] });
      const badUtr = await move(id, { to: 'settled', utr: 'not a utr!' });
      expect(badUtr.statusCode).toBe(400);
      expect(ready).toHaveLength(0);

      t.clock.advance(MINUTE);
      const settled = await move(id, { to: 'settled', utr: 'kavbn12345678901' });
      expect(settled.statusCode, settled.body).toBe(200);
      const done = settled.json<TSettlementDetail>();
      expect(done.status).toBe('settled');
      expect(done.utr).toBe('KAVBN12345678901');
      expect(done.settledAt).toBe(new Date(t.clock.now()).toISOString());
      expect(done.allowedTransitions).toEqual([]);
      expect(done.audit.map((entry) => entry.action)).toEqual([
        'settlement.settled',
        'settlement.processing',
      ]);
      expect(done.audit[0]?.data).toEqual({ from: 'processing', to: 'settled', utr: 'KAVBN12345678901' });

      await t.app.domainEvents.drain();
      expect(ready).toHaveLength(1);
      expect(ready[0]).toMatchObject({
        type: 'settlement.ready',
        organizationId: ids.orgA,
        actorUserId: admin.user.id,
        settlementId: id,
        programSlug: slugA(),
        stationId: ids.s1,
        stationName: 'Alpha Fuels',
        netPaise: done.netPaise,
        periodStart: Date.parse(done.periodStart),
        periodEnd: Date.parse(done.periodEnd),
      });

      const again = await move(id, { to: 'processing' });
      expect(again.statusCode).toBe(409);
      const list = await settlements('?status=settled&limit=100');
      expect(list.results.some((row) => row.id === id)).toBe(true);
    });

    it('fails a transfer and retries it; a UTR only goes with settling', async () => {
      const id = statementId.s2;
      expect((await move(id, { to: 'processing' })).statusCode).toBe(200);
      const withUtr = await move(id, { to: 'failed', utr: 'KAVBN12345678901' });
      expect(withUtr.statusCode).toBe(400);
      const failed = await move(id, { to: 'failed', note: 'Account closed' });
      expect(failed.statusCode).toBe(200);
      expect(failed.json<TSettlementDetail>()).toMatchObject({
        status: 'failed',
        allowedTransitions: ['processing'],
      });
      const retried = await move(id, { to: 'processing' });
      expect(retried.statusCode).toBe(200);
      const detail = retried.json<TSettlementDetail>();
      expect(detail.status).toBe('processing');
      expect(detail.audit.map((entry) => entry.action)).toEqual([
        'settlement.retried',
        'settlement.failed',
        'settlement.processing',
      ]);
      expect(detail.audit[1]?.data).toMatchObject({
        from: 'processing',
        to: 'failed',
        note: 'Account closed',
      });
      await t.app.domainEvents.drain();
      expect(ready.every((event) => event.settlementId !== id)).toBe(true);
    });
  });
});
