import type { TCustomerPage, TPaymentPage, TTransactionPage } from '@forecourt/contracts';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsTable, TransactionsTable } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { refreshSalesRollups } from '../metrics/sales-rollup.repository';
import { fillRows, insertFills, insertPaymentsFor } from './testing';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The screens' own maximum windows on the network lists: customers ranked over 180 days (whole
 * IST weeks from the weekly customer rollup, the edges from the fills), and transactions and
 * payments sorted by amount over their 366 and 93 days (the amount index, the window checked on
 * each entry). Every answer is compared with the same figures computed here from the stored rows,
 * for windows whose edges fall inside weeks and days, and walked page by page by cursor.
 */
describe('long windows of the network lists', () => {
  let t: TestApp;
  let now: number;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  const ids = { a: 0, s1: 0, s2: 0, s3: 0 };
  let fills: Selectable<TransactionsTable>[];
  let payments: Selectable<PaymentsTable>[];
  const names = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp();
    now = t.clock.now();
    const db = t.database.db;
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    const s1 = await createStation(db, a.id, { slug: 'lw-one' });
    const s2 = await createStation(db, a.id, { slug: 'lw-two' });
    const s3 = await createStation(db, b.id, { slug: 'lw-other' });
    Object.assign(ids, { a: a.id, s1: s1.id, s2: s2.id, s3: s3.id });
    const customer = async (name: string, kind: string, organizationId = a.id) => {
      const row = await db
        .insertInto('customers')
        .values({
          organizationId,
          name,
          kind,
          phone: null,
          email: null,
          homeStationId: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      names.set(row.id, name);
      return row.id;
    };
    const fleet = await customer('Ganga Logistics', 'fleet');
    const person = await customer('Asha Rao', 'individual');
    const shop = await customer('Kaveri Traders', 'business');
    const theirs = await customer('Other Org Fleet', 'fleet', b.id);
    // About 190 days of fills at odd intervals, so windows cut weeks and days anywhere.
    await insertFills(
      db,
      fillRows(s1, 420, { latest: now - HOUR, everyMs: 11 * HOUR, customerIds: [fleet, person, shop] }),
    );
    await insertFills(
      db,
      fillRows(s2, 330, { latest: now - 2 * HOUR, everyMs: 14 * HOUR, customerIds: [shop, fleet] }),
    );
    await insertFills(db, fillRows(s3, 60, { latest: now - HOUR, everyMs: 3 * DAY, customerIds: [theirs] }));
    for (const station of [s1, s2, s3]) await insertPaymentsFor(db, station.id);
    await refreshSalesRollups(db, { fromMs: now - 400 * DAY, toMs: now + HOUR });
    fills = await db.selectFrom('transactions').selectAll().where('organizationId', '=', a.id).execute();
    payments = await db.selectFrom('payments').selectAll().where('organizationId', '=', a.id).execute();
    admin = (await createSignedInUser(db, { organizationId: a.id, role: 'admin' })).headers;
    member = (await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s2.id] }))
      .headers;
  }, 120_000);
  afterAll(() => t?.close());

  async function page<T>(url: string, headers = admin): Promise<T> {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as T;
  }
  /** Every row of a list, by cursor. */
  async function walk<R>(url: string, headers = admin): Promise<{ rows: R[]; count: number }> {
    const rows: R[] = [];
    let cursor: string | undefined;
    let count = -1;
    for (let i = 0; i < 500; i++) {
      const body = await page<{ results: R[]; nextCursor?: string; count: number }>(
        cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url,
        headers,
      );
      if (count < 0) count = body.count;
      rows.push(...body.results);
      cursor = body.nextCursor;
      if (!cursor) return { rows, count };
    }
    throw new Error('cursor walk did not end');
  }
  const windowQuery = (start: number, end: number) =>
    `startDate=${new Date(start).toISOString()}&endDate=${new Date(end).toISOString()}`;

  /** Customers ranked from the stored fills: quantity descending, then id descending. */
  function expectedCustomers(start: number, end: number, stations: number[]) {
    const sums = new Map<
      number,
      { quantity: number; amount: number; count: number; last: number; byFuel: Record<string, number> }
    >();
    for (const fill of fills) {
      if (fill.customerId === null || fill.startedAt < start || fill.startedAt >= end) continue;
      if (!stations.includes(fill.stationId)) continue;
      const sum = sums.get(fill.customerId) ?? { quantity: 0, amount: 0, count: 0, last: 0, byFuel: {} };
      sum.quantity += fill.quantityMilli;
      sum.amount += fill.amountPaise;
      sum.count += 1;
      sum.last = Math.max(sum.last, fill.startedAt);
      sum.byFuel[fill.fuel] = (sum.byFuel[fill.fuel] ?? 0) + fill.quantityMilli;
      sums.set(fill.customerId, sum);
    }
    return [...sums.entries()]
      .sort(([ia, x], [ib, y]) => y.quantity - x.quantity || ib - ia)
      .map(([id, sum]) => ({
        name: names.get(id),
        quantitySum: sum.quantity / 1000,
        amountPaise: sum.amount,
        transactionCount: sum.count,
        lastVisitAt: new Date(sum.last).toISOString(),
        quantityByFuel: Object.fromEntries(
          Object.entries(sum.byFuel).map(([fuel, milli]) => [fuel, milli / 1000]),
        ),
      }));
  }
  const shape = (rows: TCustomerPage['results']) =>
    rows.map((row) => ({
      name: row.name,
      quantitySum: row.quantitySum,
      amountPaise: row.amountPaise,
      transactionCount: row.transactionCount,
      lastVisitAt: row.lastVisitAt,
      quantityByFuel: row.quantityByFuel,
    }));

  it('ranks customers across the network over 180 days, equal to the sums of the fills', async () => {
    const windows: [number, number][] = [
      [now - 180 * DAY, now],
      [now - 170 * DAY + 5 * HOUR + 17 * 60_000, now - 3 * DAY - 2 * HOUR],
      [now - 60 * DAY - 7 * HOUR, now - 45 * DAY + 3 * HOUR],
    ];
    for (const [start, end] of windows) {
      const expected = expectedCustomers(start, end, [ids.s1, ids.s2]);
      const body = await page<TCustomerPage>(`/api/customers?${windowQuery(start, end)}`);
      expect(body.count).toBe(expected.length);
      expect(shape(body.results)).toEqual(expected);
      // One customer per page, by cursor: the same ranking.
      const walked = await walk<TCustomerPage['results'][number]>(
        `/api/customers?${windowQuery(start, end)}&limit=1`,
      );
      expect(walked.rows.map((row) => row.name)).toEqual(expected.map((row) => row.name));
      expect(walked.count).toBe(expected.length);
    }
    // Another organisation's customers never appear.
    const all = await page<TCustomerPage>(`/api/customers?${windowQuery(now - 180 * DAY, now)}`);
    expect(all.results.map((row) => row.name)).not.toContain('Other Org Fleet');
  });

  it('ranks over 180 days for a member, a station filter and a station page alike', async () => {
    const [start, end] = [now - 179 * DAY - 9 * HOUR, now - HOUR / 2];
    const onlyTwo = shape(expectedCustomers(start, end, [ids.s2]) as never);
    expect(onlyTwo.length).toBeGreaterThan(0);
    expect(
      shape((await page<TCustomerPage>(`/api/customers?${windowQuery(start, end)}`, member)).results),
    ).toEqual(expectedCustomers(start, end, [ids.s2]));
    expect(
      shape(
        (await page<TCustomerPage>(`/api/customers?${windowQuery(start, end)}&station=${ids.s1}`)).results,
      ),
    ).toEqual(expectedCustomers(start, end, [ids.s1]));
    expect(
      shape((await page<TCustomerPage>(`/api/stations/lw-two/customers?${windowQuery(start, end)}`)).results),
    ).toEqual(expectedCustomers(start, end, [ids.s2]));
  });

  it('keeps the weekly rollup in step when fills arrive in a week already summed', async () => {
    const db = t.database.db;
    const [start, end] = [now - 180 * DAY, now];
    const before = await page<TCustomerPage>(`/api/customers?${windowQuery(start, end)}&q=asha`);
    const at = now - 90 * DAY;
    const [added] = await db
      .insertInto('transactions')
      .values(
        fillRows({ id: ids.s1, organizationId: ids.a }, 1, {
          latest: at,
          customerIds: [fills.find((f) => names.get(f.customerId ?? 0) === 'Asha Rao')!.customerId!],
        }),
      )
      .returning('id')
      .execute();
    try {
      await refreshSalesRollups(db, { fromMs: at, toMs: at + 1, stationIds: [ids.s1] });
      const after = await page<TCustomerPage>(`/api/customers?${windowQuery(start, end)}&q=asha`);
      expect(after.results[0]!.transactionCount).toBe(before.results[0]!.transactionCount + 1);
    } finally {
      await db.deleteFrom('transactions').where('id', '=', added!.id).execute();
      await refreshSalesRollups(db, { fromMs: at, toMs: at + 1, stationIds: [ids.s1] });
    }
  });

  it('refuses customer windows over the screen maximum of 180 days', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/customers?${windowQuery(now - 181 * DAY, now)}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'WINDOW_TOO_LONG' });
  });

  /** Rows of a window in amount order (descending: amount, then id, both descending). */
  function byAmount<R extends { id: number; amountPaise: number }>(
    rows: R[],
    time: (row: R) => number,
    start: number,
    end: number,
    stations: number[],
    desc = true,
  ) {
    const sign = desc ? -1 : 1;
    return rows
      .filter((row) => time(row) >= start && time(row) < end)
      .filter((row) => stations.includes((row as unknown as { stationId: number }).stationId))
      .sort((x, y) => sign * (x.amountPaise - y.amountPaise) || sign * (x.id - y.id))
      .map((row) => row.id);
  }

  it('sorts network transactions by amount over 366 days and pages by cursor', async () => {
    const windows: [number, number][] = [
      [now - 366 * DAY, now],
      [now - 150 * DAY - 5 * HOUR, now - 20 * DAY + 7 * HOUR],
    ];
    for (const [start, end] of windows) {
      for (const desc of [true, false]) {
        const sort = desc ? '-amountPaise' : 'amountPaise';
        const expected = byAmount(fills, (f) => f.startedAt, start, end, [ids.s1, ids.s2], desc);
        const walked = await walk<TTransactionPage['results'][number]>(
          `/api/transactions?${windowQuery(start, end)}&sort=${sort}&limit=37`,
        );
        expect(walked.rows.map((row) => row.id)).toEqual(expected);
        expect(walked.count).toBe(expected.length);
        // Pages by number land on the same rows.
        const third = await page<TTransactionPage>(
          `/api/transactions?${windowQuery(start, end)}&sort=${sort}&limit=37&page=2`,
        );
        expect(third.results.map((row) => row.id)).toEqual(expected.slice(74, 111));
      }
    }
    // With a filter, for a member, and on a station page past a month.
    const [start, end] = [now - 200 * DAY, now - DAY];
    const petrol = byAmount(
      fills.filter((f) => f.fuel === 'petrol'),
      (f) => f.startedAt,
      start,
      end,
      [ids.s1, ids.s2],
    );
    expect(
      (
        await walk<{ id: number }>(
          `/api/transactions?${windowQuery(start, end)}&sort=-amountPaise&fuel=petrol&limit=50`,
        )
      ).rows.map((r) => r.id),
    ).toEqual(petrol);
    const two = byAmount(fills, (f) => f.startedAt, start, end, [ids.s2]);
    expect(
      (
        await walk<{ id: number }>(
          `/api/transactions?${windowQuery(start, end)}&sort=-amountPaise&limit=50`,
          member,
        )
      ).rows.map((r) => r.id),
    ).toEqual(two);
    expect(
      (
        await walk<{ id: number }>(
          `/api/stations/lw-two/transactions?${windowQuery(start, end)}&sort=-amountPaise&limit=50`,
        )
      ).rows.map((r) => r.id),
    ).toEqual(two);
  });

  it('sorts network payments by amount over 93 days and pages by cursor', async () => {
    const [start, end] = [now - 93 * DAY, now - 2 * HOUR];
    const expected = byAmount(payments, (p) => p.paidAt, start, end, [ids.s1, ids.s2]);
    const walked = await walk<TPaymentPage['results'][number]>(
      `/api/payments?${windowQuery(start, end)}&sort=-amountPaise&limit=29`,
    );
    expect(walked.rows.map((row) => row.id)).toEqual(expected);
    expect(walked.count).toBe(expected.length);
    const one = byAmount(payments, (p) => p.paidAt, start, end, [ids.s1]);
    expect(
      (
        await walk<{ id: number }>(
          `/api/stations/lw-one/payments?${windowQuery(start, end)}&sort=-amountPaise&limit=40`,
        )
      ).rows.map((r) => r.id),
    ).toEqual(one);
  });

  it('still bounds the quantity sort, which has no index of its own', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/transactions?${windowQuery(now - 2 * DAY, now)}&sort=-quantity`,
      headers: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'WINDOW_TOO_LONG' });
  });
});
