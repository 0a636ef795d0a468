import type { TTransactionPage } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { fillRows, insertFills } from './testing';

const MINUTE = 60_000;
const DAY = 86_400_000;

describe('transactions lists', () => {
  let t: TestApp;
  let now: number;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let otherAdmin: Record<string, string>;
  const ids = { s1: 0, s2: 0, s3: 0 };
  let s1Rows: ReturnType<typeof fillRows>;

  beforeAll(async () => {
    t = await createTestApp();
    now = t.clock.now();
    const db = t.database.db;
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    const s1 = await createStation(db, a.id, { slug: 'tx-one' });
    const s2 = await createStation(db, a.id, { slug: 'tx-two' });
    const s3 = await createStation(db, b.id, { slug: 'tx-other' });
    Object.assign(ids, { s1: s1.id, s2: s2.id, s3: s3.id });
    s1Rows = fillRows(s1, 150, { latest: now - MINUTE });
    await insertFills(db, s1Rows);
    await insertFills(db, fillRows(s2, 1300, { latest: now - 2 * MINUTE, everyMs: MINUTE }));
    await insertFills(db, fillRows(s3, 20, { latest: now - MINUTE }));
    // Older than the default day: only longer windows see them.
    await insertFills(db, fillRows(s1, 10, { latest: now - 3 * DAY }));
    admin = (await createSignedInUser(db, { organizationId: a.id, role: 'admin' })).headers;
    member = (await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s1.id] }))
      .headers;
    otherAdmin = (await createSignedInUser(db, { organizationId: b.id, role: 'admin' })).headers;
  });
  afterAll(() => t.close());

  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });
  async function page(url: string, headers = admin): Promise<TTransactionPage> {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function walk(url: string, headers = admin): Promise<number[]> {
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const sep = url.includes('?') ? '&' : '?';
      const body = await page(cursor ? `${url}${sep}cursor=${cursor}` : url, headers);
      seen.push(...body.results.map((r) => r.id));
      cursor = body.nextCursor;
      if (!cursor) return seen;
    }
    throw new Error('cursor walk did not end');
  }

  it('pages a station newest first, 40 a page, in the default 24-hour window', async () => {
    const body = await page('/api/stations/tx-one/transactions');
    expect(body.count).toBe(150);
    expect(body.pages).toBe(4);
    expect(body.results).toHaveLength(40);
    expect(body.results[0]?.startDate).toBe(new Date(now - MINUTE).toISOString());
    const times = body.results.map((r) => Date.parse(r.startDate));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(Date.parse(body.window!.endDate) - Date.parse(body.window!.startDate)).toBe(DAY);
    expect(body.nextCursor).toBeTypeOf('string');
    expect(body.results[0]).toMatchObject({ stationId: ids.s1, quantity: expect.any(Number) });
  });

  it('walks the same rows by cursor as by page number, and the last page has no cursor', async () => {
    const byCursor = await walk('/api/stations/tx-one/transactions');
    const byPage: number[] = [];
    for (let p = 0; p < 4; p++) {
      byPage.push(...(await page(`/api/stations/tx-one/transactions?page=${p}`)).results.map((r) => r.id));
    }
    expect(byCursor).toEqual(byPage);
    expect(new Set(byCursor).size).toBe(150);
    const last = await page('/api/stations/tx-one/transactions?page=3');
    expect(last.results).toHaveLength(30);
    expect(last.nextCursor).toBeUndefined();
    expect((await page('/api/stations/tx-one/transactions?page=9')).results).toEqual([]);
  });

  it('keeps the first page count on cursor pages, so they run one query', async () => {
    const first = await page('/api/stations/tx-one/transactions?limit=100');
    const [extra] = fillRows({ id: ids.s1, organizationId: 0 }, 1, { latest: now - 30_000 });
    const added = await t.database.db
      .insertInto('transactions')
      .values({
        ...extra!,
        organizationId: (
          await t.database.db
            .selectFrom('stations')
            .select('organizationId')
            .where('id', '=', ids.s1)
            .executeTakeFirstOrThrow()
        ).organizationId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect((await page('/api/stations/tx-one/transactions?limit=100')).count).toBe(151);
      const second = await page(`/api/stations/tx-one/transactions?limit=100&cursor=${first.nextCursor}`);
      expect(second.count).toBe(150);
      expect(second.results).toHaveLength(50);
    } finally {
      await t.database.db.deleteFrom('transactions').where('id', '=', added.id).execute();
    }
  });

  it('seeks deep pages past the offset limit from a boundary key, matching the cursor walk', async () => {
    const all = await walk('/api/stations/tx-two/transactions?limit=200');
    expect(all).toHaveLength(1300);
    const deep = await page('/api/stations/tx-two/transactions?limit=200&page=6');
    expect(deep.results.map((r) => r.id)).toEqual(all.slice(1200));
    const middle = await page('/api/stations/tx-two/transactions?limit=100&page=11');
    expect(middle.results.map((r) => r.id)).toEqual(all.slice(1100, 1200));
    expect(middle.nextCursor).toBeTypeOf('string');
  });

  it('sorts by amount both ways with the id as tie-breaker, and walks that sort by cursor', async () => {
    const asc = await walk('/api/stations/tx-one/transactions?sort=amountPaise&limit=50');
    const expected = s1Rows
      .map((row, i) => ({ row, i }))
      .sort((x, y) => x.row.amountPaise - y.row.amountPaise || x.i - y.i);
    const amounts = (await page('/api/stations/tx-one/transactions?sort=amountPaise&limit=150')).results.map(
      (r) => r.amountPaise,
    );
    expect(amounts).toEqual(expected.map((e) => e.row.amountPaise));
    expect(asc).toHaveLength(150);
    const desc = await page('/api/stations/tx-one/transactions?sort=-quantity&limit=3');
    expect(desc.results[0]!.quantity).toBeGreaterThanOrEqual(desc.results[1]!.quantity);
  });

  it('filters by fuel, payment mode, status and registration prefix', async () => {
    const count = (predicate: (row: (typeof s1Rows)[number]) => boolean) => s1Rows.filter(predicate).length;
    expect((await page('/api/stations/tx-one/transactions?fuel=petrol')).count).toBe(
      count((r) => r.fuel === 'petrol'),
    );
    expect((await page('/api/stations/tx-one/transactions?paymentMode=upi,cash')).count).toBe(
      count((r) => r.paymentMode === 'upi' || r.paymentMode === 'cash'),
    );
    expect((await page('/api/stations/tx-one/transactions?status=unpaid')).count).toBe(
      count((r) => r.status === 'unpaid'),
    );
    const mh = await page('/api/stations/tx-one/transactions?registration=mh1&limit=200');
    expect(mh.count).toBe(count((r) => r.vehicleRegistration?.startsWith('MH1') ?? false));
    expect(mh.results.every((r) => r.vehicleRegistration?.startsWith('MH1'))).toBe(true);
    expect((await page('/api/stations/tx-one/transactions?registration=MH 12-AB')).count).toBe(50);
  });

  it('rejects a damaged cursor, a cursor of another sort and pages past the paged limit', async () => {
    const { nextCursor } = await page('/api/stations/tx-one/transactions');
    const flipped = `${nextCursor!.slice(0, 5)}${nextCursor![5] === 'A' ? 'B' : 'A'}${nextCursor!.slice(6)}`;
    for (const url of [
      `/api/stations/tx-one/transactions?cursor=${flipped}`,
      `/api/stations/tx-one/transactions?cursor=${nextCursor}&sort=amountPaise`,
      '/api/stations/tx-one/transactions?cursor=not-a-cursor-at-all',
      '/api/stations/tx-one/transactions?cursor=a%2Bb',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().details[0].path, url).toBe('cursor');
    }
    const deep = await get('/api/stations/tx-one/transactions?page=250');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().details[0]).toMatchObject({ path: 'page' });
    expect(deep.json().message).toMatch(/nextCursor/);
  });

  it('takes explicit windows and enforces the 366-day maximum and valid dates', async () => {
    const start = new Date(now - 4 * DAY).toISOString();
    const wide = await page(`/api/stations/tx-one/transactions?startDate=${start}`);
    expect(wide.count).toBe(160);
    const end = new Date(now - 2 * DAY).toISOString();
    expect((await page(`/api/stations/tx-one/transactions?startDate=${start}&endDate=${end}`)).count).toBe(
      10,
    );
    const tooLong = await get(
      `/api/stations/tx-one/transactions?startDate=${new Date(now - 367 * DAY).toISOString()}`,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'WINDOW_TOO_LONG' });
    expect(tooLong.json().message).toMatch(/366 days/);
    for (const query of ['startDate=yesterday', `startDate=${end}&endDate=${start}`, 'frequency=5x']) {
      const response = await get(`/api/stations/tx-one/transactions?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe('VALIDATION_FAILED');
    }
  });

  it('lists the network for an admin, narrowed by station ids of their own organisation only', async () => {
    expect((await page('/api/transactions')).count).toBe(1450);
    expect((await page(`/api/transactions?station=${ids.s1}`)).count).toBe(150);
    expect((await page(`/api/transactions?station=${ids.s1},${ids.s2}&limit=5`)).count).toBe(1450);
    expect((await page(`/api/transactions?station=${ids.s3}`)).count).toBe(0);
    expect((await page('/api/transactions', otherAdmin)).count).toBe(20);
    const net = await walk('/api/transactions?limit=200');
    expect(net).toHaveLength(1450);
  });

  it('bounds the unindexed quantity sort of the network list to a day; amount goes to 366 days', async () => {
    const start = new Date(now - 2 * DAY).toISOString();
    const response = await get(`/api/transactions?sort=-quantity&startDate=${start}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'WINDOW_TOO_LONG' });
    expect((await page('/api/transactions?sort=-amountPaise')).count).toBe(1450);
    const year = new Date(now - 366 * DAY).toISOString();
    expect((await page(`/api/transactions?sort=-amountPaise&startDate=${year}`)).count).toBe(1460);
  });

  it('keeps members to their stations and answers 404 for other stations and organisations', async () => {
    expect((await page('/api/transactions', member)).count).toBe(150);
    expect((await page(`/api/transactions?station=${ids.s2}`, member)).count).toBe(0);
    expect((await get('/api/stations/tx-two/transactions', member)).statusCode).toBe(404);
    const foreign = await get('/api/stations/tx-other/transactions');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual((await get('/api/stations/nowhere/transactions')).json());
  });

  it('needs the transactions:r grant', async () => {
    const db = t.database.db;
    const org = await createOrganization(db);
    const { headers } = await createSignedInUser(db, { organizationId: org.id, scope: 'stations:r' });
    expect((await get('/api/transactions', headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
  });
});
