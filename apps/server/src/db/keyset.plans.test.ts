import { INCIDENT_SEVERITIES, INCIDENT_STATUSES } from '@forecourt/contracts';
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertIncidents } from '../modules/incidents/testing';
import { insertChallans } from '../modules/operations/testing';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { seed } from '../seed/seed';
import { createTestApp, type TestApp } from '../test/create-test-app';

/**
 * A cursor page of every keyset list seeks through an index range: the sort column is bounded in
 * the index search itself (SQLite `SEARCH … USING INDEX … (… AND started_at<?)`, PostgreSQL an
 * `Index Cond` on the sort column), not filtered row by row after starting at the window's end.
 * Without the redundant leading-column bound of `seekPredicate`, SQLite walks past every newer row
 * of the window and a page 100,000 rows deep costs 30× the first (bench/results/lists.md).
 *
 * The SQL is the one the endpoint runs: the second page is requested over the app with the first
 * page's cursor, and the statement carrying the seek is captured on its way to the driver.
 */
const DAY = 86_400_000;
const DEPTH = 40;
const CASES = [
  'network transactions',
  'station transactions',
  'network payments',
  'station payments',
  'network transactions by amount',
  'network payments by amount',
  'station transactions by amount, past a month',
  'station vehicles served',
  'vehicle registry',
  'network challans',
  'station congestion samples',
  'cards',
  'incidents by severity',
  'incidents by status',
];

type Case = {
  name: string;
  path: string;
  /** The sort column as the plan names it (unqualified). */
  column: string;
  /** How deep the cursor is (rows); the list must have more. */
  depth?: number;
  /**
   * Most rows the seek may look at (default under half the depth). A sort on a column of few
   * values (a rank) bounds the value in the index search, then walks the ties of the cursor's
   * value before it in id order: at most the rows sharing that value, never the whole list.
   */
  maxVisited?: number;
};

describe('keyset seeks are index ranges', () => {
  let t: TestApp;
  let token = '';
  const cases: Case[] = [];
  const captured: CompiledQuery[] = [];
  let restore: () => void = () => undefined;

  beforeAll(async () => {
    t = await createTestApp();
    const now = t.clock.now();
    await seed(t.database, { scale: 'tiny', seed: 7, now });
    await sql.raw(t.database.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(t.database.db);
    const admin = DEMO_ACCOUNTS[0]!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    token = login.json().access_token;
    const station = await sql<{ slug: string; id: number; organizationId: number }>`
      select s.slug, s.id, s.organization_id from stations s join organizations o on o.id = s.organization_id
       where o.slug = ${admin.organization} order by s.id limit 1`.execute(t.database.db);
    const slug = station.rows[0]!.slug;
    // The tiny seed opens a handful of incidents; the incident sorts need a deeper list.
    const numbers = await sql<{ n: number }>`
      select coalesce(max(number), 0) as n from incidents where organization_id = ${station.rows[0]!.organizationId}`.execute(
      t.database.db,
    );
    await insertIncidents(
      t.database.db,
      Array.from({ length: 120 }, (_, i) => ({
        organizationId: Number(station.rows[0]!.organizationId),
        stationId: Number(station.rows[0]!.id),
        number: Number(numbers.rows[0]!.n) + i + 1,
        openedAt: now - i * 3_600_000,
        severity: INCIDENT_SEVERITIES[i % 4],
        status: INCIDENT_STATUSES[Math.floor(i / 3) % 4],
      })),
    );
    // The tiny seed's challans in a 60-day window are 8 to 10, by the time of day it runs: add 20.
    await insertChallans(
      t.database.db,
      Array.from({ length: 20 }, (_, i) => ({
        organizationId: Number(station.rows[0]!.organizationId),
        stationId: Number(station.rows[0]!.id),
        challanNo: `PLAN${i}`,
        registration: 'MH12AB1234',
        challanTime: now - (i + 1) * 2 * DAY,
        place: 'Ring Road',
        stateCode: 'MH',
        department: 'Traffic Police',
        offences: JSON.stringify([{ act: 'S177', name: 'General offence', finePaise: 50_000 }]),
        finePaise: 50_000,
        status: 'pending',
        paidAt: null,
        court: null,
      })),
    );
    await sql
      .raw(t.database.dialect === 'postgres' ? 'analyze incidents, challans' : 'analyze')
      .execute(t.database.db);
    const window = `startDate=${new Date(now - 3 * DAY).toISOString()}&endDate=${new Date(now).toISOString()}`;
    cases.push(
      { name: 'network transactions', path: `/api/transactions?${window}`, column: 'started_at' },
      {
        name: 'station transactions',
        path: `/api/stations/${slug}/transactions?${window}`,
        column: 'started_at',
      },
      { name: 'network payments', path: `/api/payments?${window}`, column: 'paid_at' },
      { name: 'station payments', path: `/api/stations/${slug}/payments?${window}`, column: 'paid_at' },
      // Past a network day (a station month) the amount sort walks the amount index (0018).
      {
        name: 'network transactions by amount',
        path: `/api/transactions?${window}&sort=-amountPaise`,
        column: 'amount_paise',
      },
      {
        name: 'network payments by amount',
        path: `/api/payments?${window}&sort=-amountPaise`,
        column: 'amount_paise',
      },
      {
        name: 'station transactions by amount, past a month',
        path: `/api/stations/${slug}/transactions?startDate=${new Date(now - 40 * DAY).toISOString()}&endDate=${new Date(now).toISOString()}&sort=-amountPaise`,
        column: 'amount_paise',
      },
      {
        name: 'station vehicles served',
        path: `/api/stations/${slug}/vehicles?${window}`,
        column: 'seen_at',
      },
      { name: 'vehicle registry', path: '/api/vehicles', column: 'last_seen_at' },
      {
        name: 'network challans',
        path: `/api/challans?startDate=${new Date(now - 60 * DAY).toISOString()}&endDate=${new Date(now).toISOString()}`,
        column: 'challan_time',
        depth: 8,
      },
      {
        name: 'station congestion samples',
        path: `/api/stations/${slug}/congestion?${window}`,
        column: 'sampled_at',
      },
      { name: 'cards', path: '/api/cards', column: 'created_at' },
      // Ranks generated from the enums (0023): 120 added incidents, 30 per value; the cursor sits
      // inside a value's ties, which are walked in id order up to it (at most the 30 sharing it).
      {
        name: 'incidents by severity',
        path: '/api/incidents?sort=-severity',
        column: 'severity_rank',
        depth: 50,
        maxVisited: 31,
      },
      {
        name: 'incidents by status',
        path: '/api/incidents?sort=status',
        column: 'status_rank',
        depth: 50,
        maxVisited: 31,
      },
    );
    // Every statement the app sends to the driver while a cursor page is served (on the executor
    // class: a query with its own plugin runs on a derived executor).
    const executorClass = Object.getPrototypeOf(t.database.db.getExecutor()) as {
      executeQuery: (query: CompiledQuery, ...rest: unknown[]) => Promise<unknown>;
    };
    const original = executorClass.executeQuery;
    executorClass.executeQuery = function (this: unknown, query, ...rest) {
      captured.push(query);
      return original.call(this, query, ...rest);
    };
    restore = () => {
      executorClass.executeQuery = original;
    };
  }, 120_000);
  afterAll(async () => {
    restore();
    await t?.close();
  });

  const get = async (path: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    return response.json() as { nextCursor?: string };
  };

  const explain = async (query: CompiledQuery): Promise<string> => {
    const params = query.parameters as unknown[];
    if (t.database.dialect === 'sqlite') {
      const rows = t.database.sqlite!.prepare(`explain query plan ${query.sql}`).all(...params) as {
        detail: string;
      }[];
      return rows.map((row) => row.detail).join('\n');
    }
    // A tiny table would be read sequentially or by bitmap; rule those out to see the index path
    // the planner takes at scale.
    const client = await t.database.pool!.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      await client.query('set local enable_bitmapscan = off');
      const result = await client.query<{ 'QUERY PLAN': string }>({
        text: `explain (analyze, costs off) ${query.sql}`,
        values: params,
      });
      await client.query('rollback');
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      client.release();
    }
  };

  it.each(CASES)('%s: a deep cursor page reads only its own rows, through an index range', async (name) => {
    const c = cases.find((x) => x.name === name)!;
    const separator = c.path.includes('?') ? '&' : '?';
    // The cursor after DEPTH rows, then a one-row page from it: a seek that is an index bound
    // visits about two rows; one that is a filter visits every row before the cursor as well.
    const depth = c.depth ?? DEPTH;
    const first = await get(`${c.path}${separator}limit=${depth}`);
    expect(first.nextCursor, `${name} has more than ${depth} rows`).toBeDefined();
    captured.length = 0;
    await get(`${c.path}${separator}limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const seeks = captured.filter((query) => /\) [<>] \(/.test(query.sql));
    expect(seeks, `${name}: one statement seeks`).toHaveLength(1);
    const seek = seeks[0]!;
    const plan = await explain(seek);
    if (t.database.dialect === 'sqlite') {
      expect(plan, plan).toMatch(new RegExp(`USING (COVERING )?INDEX \\w+ \\([^)]*\\b${c.column}[<>]`));
      expect(plan, plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      expect(await visitedRows(seek), `${name}: rows visited by the seek`).toBeLessThan(
        c.maxVisited ?? depth / 2,
      );
    } else {
      expect(plan, plan).toMatch(new RegExp(`Index Cond: .*\\b${c.column} [<>]`));
      // A full sort of the window; an incremental sort of the ties of one sort value is bounded.
      expect(plan, plan).not.toMatch(/Seq Scan|(^|->\s+)Sort \(/m);
      const removed = [...plan.matchAll(/Rows Removed by Filter: (\d+)/g)].map((m) => Number(m[1]));
      expect(Math.max(0, ...removed), plan).toBeLessThan(c.maxVisited ?? depth / 2);
    }
  });

  /**
   * SQLite: how many rows the statement looks at after its index search, counted by a function
   * placed first in its WHERE clause (evaluated once per row the search yields).
   */
  async function visitedRows(query: CompiledQuery): Promise<number> {
    const table = /, "(\w+)"\."id"\) [<>] \(/.exec(query.sql)?.[1];
    expect(table, query.sql).toBeDefined();
    let visits = 0;
    t.database.sqlite!.function('plans_test_visit', { deterministic: false, varargs: true }, () => {
      visits++;
      return 1;
    });
    const counted = query.sql.replace(/ where /, ` where plans_test_visit("${table}"."id") and `);
    expect(counted).not.toBe(query.sql);
    t.database.sqlite!.prepare(counted).all(...(query.parameters as unknown[]));
    return visits;
  }
});
