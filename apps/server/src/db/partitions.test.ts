import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { type Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soleLeadership } from '../cluster/leader';
import { registerPartitionMaintenance } from '../cluster/partition-maintenance';
import { insertTransactions } from '../modules/ingest/ingest.repository';
import {
  fillRows,
  insertCongestion,
  insertFills,
  insertPaymentsFor,
  insertSightingsFor,
} from '../modules/operations/testing';
import { transactionsQuery } from '../modules/operations/transactions.repository';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import { openDatabase } from './database';
import { migrations } from './migrations';
import {
  addMonths,
  ensurePartitions,
  ensureUpcomingPartitions,
  MONTHS_AHEAD,
  monthStart,
  PARTITIONED_TABLES,
  type PartitionedTable,
  partitionName,
  partitionsOf,
} from './partitions.repository';

const MINUTE = 60_000;
const DAY = 86_400_000;
const serverUrl = process.env.TEST_DATABASE_URL;
const TABLES = Object.keys(PARTITIONED_TABLES) as PartitionedTable[];

/**
 * A fresh PostgreSQL schema with every migration but `pending`, like a deployment from before it.
 * Migrations after `pending` that touch other tables (0020 adds a notification column the app
 * reads at start) are applied too, so the app runs on it; `migrateRest()` then applies `pending`
 * alone, out of order (the two are independent, so the order does not change the result).
 */
async function databaseWithout(pending: string) {
  const url = serverUrl as string;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  const handle = openDatabase(scoped.toString());
  const migrator = (only: typeof migrations) =>
    new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => only },
      migrationTableSchema: schema,
      allowUnorderedMigrations: true,
    });
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== pending));
  const { error } = await migrator(before).migrateToLatest();
  if (error) throw error;
  return {
    ...handle,
    async migrateRest() {
      const { error: failed } = await migrator(migrations).migrateToLatest();
      if (failed) throw failed;
    },
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

const any = (t: TestApp) => t.database.db as unknown as Kysely<unknown>;

async function counts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(
      any(t),
    );
    out[table] = Number(rows[0]?.n);
  }
  return out;
}

async function whereRows(t: TestApp, table: PartitionedTable, id: number): Promise<string> {
  const { rows } = await sql<{ part: string }>`
    select tableoid::regclass::text as part from ${sql.table(table)} where id = ${id}`.execute(any(t));
  return rows[0]?.part ?? 'missing';
}

describe.skipIf(!serverUrl)('monthly partitions of the fact tables (PostgreSQL)', () => {
  let t: TestApp;
  let migrateRest: () => Promise<void>;
  let now: number;
  let admin: Record<string, string>;
  let station = { id: 0, organizationId: 0 };
  let before: Record<string, unknown>;
  let rowsBefore: Record<string, number>;

  /** Every page of a cursor list, as the API answers it. */
  async function walk(url: string): Promise<unknown[]> {
    const pages: unknown[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 50; i++) {
      const sep = url.includes('?') ? '&' : '?';
      const response = await t.app.inject({
        method: 'GET',
        url: cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url,
        headers: admin,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      const body = response.json() as { nextCursor?: string };
      pages.push(body);
      cursor = body.nextCursor;
      if (!cursor) return pages;
    }
    throw new Error(`${url}: cursor walk did not end`);
  }

  const LISTS = () => {
    const span = (from: number, to: number) =>
      `startDate=${new Date(now - from * DAY).toISOString()}&endDate=${new Date(now - to * DAY).toISOString()}`;
    const long = span(170, 0);
    const windows = [span(175, 90), span(90, 0)];
    return [
      `/api/stations/pt-one/transactions?${long}&limit=40`,
      `/api/stations/pt-one/transactions?${long}&limit=40&sort=amountPaise`,
      `/api/stations/pt-one/transactions?${span(60, 0)}&limit=25&sort=-amountPaise`,
      `/api/transactions?${long}&limit=50`,
      ...windows.flatMap((window) => [
        `/api/stations/pt-one/payments?${window}&limit=40`,
        `/api/payments?${window}&limit=60`,
        `/api/stations/pt-one/vehicles?${window}&limit=30`,
      ]),
      `/api/stations/pt-one/congestion?${span(7, 0)}&limit=200`,
      `/api/stations/pt-one/congestion?${span(33, 26)}&limit=200`,
    ];
  };

  beforeAll(async () => {
    const existing = await databaseWithout('0019-fact-partitions');
    migrateRest = () => existing.migrateRest();
    t = await createTestApp({ database: existing });
    now = t.clock.now();
    const db = t.database.db;
    const org = await createOrganization(db);
    const one = await createStation(db, org.id, { slug: 'pt-one' });
    const two = await createStation(db, org.id, { slug: 'pt-two' });
    station = one;
    // Fills every 20 hours for 150 days (six months) at one station, every 3 days at the other.
    await insertFills(db, fillRows(one, 180, { latest: now - MINUTE, everyMs: 20 * 3_600_000 }));
    await insertFills(db, fillRows(two, 50, { latest: now - 2 * MINUTE, everyMs: 3 * DAY }));
    await insertPaymentsFor(db, one.id);
    await insertPaymentsFor(db, two.id);
    await insertSightingsFor(db, one.id, 3);
    await insertCongestion(db, one, { from: now - 45 * DAY, to: now, lanes: 1 });
    await db
      .insertInto('assetStateEvents')
      .values(
        [0, 40, 80, 120].map((days, i) => ({
          organizationId: org.id,
          stationId: one.id,
          kind: 'dispenser',
          dispenserId: 1,
          status: 'online',
          at: now - days * DAY,
          sourceId: `state-${i}`,
        })),
      )
      .execute();
    admin = (await createSignedInUser(db, { organizationId: org.id, role: 'admin' })).headers;
    rowsBefore = await counts(t);
    before = {};
    for (const url of LISTS()) before[url] = await walk(url);
    await migrateRest();
  }, 180_000);
  afterAll(() => t?.close());

  it('keeps every row and every list answer through migration 0019', async () => {
    for (const table of TABLES) {
      const { rows } = await sql<{ kind: string }>`
        select relkind::text as kind from pg_class
         where relname = ${table} and relnamespace = current_schema()::regnamespace`.execute(any(t));
      expect(rows[0]?.kind, table).toBe('p');
    }
    expect(await counts(t)).toEqual(rowsBefore);
    expect(rowsBefore.transactions).toBe(230);
    for (const url of LISTS()) expect(await walk(url), url).toEqual(before[url]);
  });

  it('creates the months in the data, the months ahead and a DEFAULT partition', async () => {
    const names = (await partitionsOf(any(t), 'transactions')).map((p) => p.name);
    const oldest = monthStart(now - 179 * 20 * 3_600_000);
    for (let start = oldest; start <= addMonths(monthStart(now), MONTHS_AHEAD); start = addMonths(start, 1)) {
      expect(names).toContain(partitionName('transactions', start));
    }
    expect(names).toContain('transactions_default');
    // Every copied row sits in its month's partition; none fell back to DEFAULT.
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from transactions_default`.execute(
      any(t),
    );
    expect(Number(rows[0]?.n)).toBe(0);
    // New rows take ids after the copied ones.
    const [added] = await insertTransactions(
      t.database.db,
      fillRows(station, 1, { latest: now }).map((row) => ({ ...row, sourceId: 'after-0019' })),
    );
    const { rows: max } = await sql<{ id: string }>`
      select max(id)::text as id from transactions where source_id is null`.execute(any(t));
    expect(added?.id).toBeGreaterThan(Number(max[0]?.id));
  });

  it('puts a row of a month without a partition in DEFAULT, and moves it when the month is created', async () => {
    const far = Date.UTC(2019, 4, 15);
    await insertFills(t.database.db, fillRows(station, 3, { latest: far, everyMs: DAY }));
    const { rows } = await sql<{ id: string }>`
      select id::text from transactions where started_at = ${far}`.execute(any(t));
    const id = Number(rows[0]?.id);
    expect(await whereRows(t, 'transactions', id)).toBe('transactions_default');
    const total = (await counts(t)).transactions;

    expect(await ensurePartitions(any(t), far, far)).toContain(
      partitionName('transactions', monthStart(far)),
    );
    expect(await whereRows(t, 'transactions', id)).toBe(partitionName('transactions', monthStart(far)));
    expect((await counts(t)).transactions).toBe(total);
  });

  it('prunes partitions for a windowed list', async () => {
    const startMs = now - 20 * DAY;
    const query = transactionsQuery(
      t.database.db,
      { organizationId: station.organizationId, stationIds: [station.id] },
      { startMs, endMs: now },
    )
      .orderBy('startedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(50);
    const plan = (await query.explain()).map((row) => String(Object.values(row)[0])).join('\n');
    const scanned = new Set(plan.match(/transactions_(p\d{4}_\d{2}|default)/g));
    // Only the months the 20 days touch (one or two); not the older months, the ones ahead or DEFAULT.
    expect(scanned.size).toBeGreaterThan(0);
    expect(scanned.size).toBeLessThanOrEqual(2);
    expect(scanned.has('transactions_default')).toBe(false);
    expect(scanned.has(partitionName('transactions', monthStart(now)))).toBe(true);
    expect(scanned.has(partitionName('transactions', addMonths(monthStart(now), -3)))).toBe(false);
  });

  it('maintenance creates the coming months once and is idempotent', async () => {
    const later = addMonths(monthStart(now), 14) + 5 * DAY;
    const first = await ensureUpcomingPartitions(any(t), later);
    expect(first).toHaveLength((MONTHS_AHEAD + 1) * TABLES.length);
    const partitions = await Promise.all(TABLES.map((table) => partitionsOf(any(t), table)));
    expect(await ensureUpcomingPartitions(any(t), later)).toEqual([]);
    expect(await Promise.all(TABLES.map((table) => partitionsOf(any(t), table)))).toEqual(partitions);
    // Concurrent runs (two leaders for a moment) create each month once.
    const laterStill = addMonths(later, 2);
    const both = await Promise.all([
      ensureUpcomingPartitions(any(t), laterStill),
      ensureUpcomingPartitions(any(t), laterStill),
    ]);
    expect(both[0].length + both[1].length).toBe((MONTHS_AHEAD + 1) * TABLES.length - TABLES.length * 2);
  });

  it('runs on the leader once the server listens', async () => {
    const app = Fastify({ logger: false });
    const leadership = soleLeadership();
    const future = Date.UTC(2031, 6, 10);
    registerPartitionMaintenance(app, { db: t.database.db, now: () => future, leadership });
    await leadership.start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const expected = partitionName('payments', addMonths(monthStart(future), MONTHS_AHEAD));
      const deadline = Date.now() + 60_000;
      let names: string[] = [];
      while (Date.now() < deadline) {
        names = (await partitionsOf(any(t), 'payments')).map((p) => p.name);
        if (names.includes(expected)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(names).toContain(partitionName('payments', monthStart(future)));
      expect(names).toContain(expected);
    } finally {
      await leadership.close();
      await app.close();
    }
  });

  it('still skips a resent ingest item whose time changed (one effect per source id)', async () => {
    const [row] = fillRows(station, 1, { latest: now - DAY });
    const first = await insertTransactions(t.database.db, [{ ...row!, sourceId: 'resend-1' }]);
    expect(first).toHaveLength(1);
    // Corrected by 25 days: in another month's partition whenever the fill is early in its month.
    const moved = {
      ...row!,
      sourceId: 'resend-1',
      startedAt: now - 26 * DAY,
      endedAt: now - 26 * DAY + 90_000,
    };
    expect(await insertTransactions(t.database.db, [moved])).toEqual([]);
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from transactions where source_id = 'resend-1'`.execute(any(t));
    expect(Number(rows[0]?.n)).toBe(1);
  });
});

describe.skipIf(Boolean(serverUrl))('fact tables on SQLite', () => {
  it('stay plain tables: partition maintenance does nothing', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.db as unknown as Kysely<unknown>;
      expect(await ensureUpcomingPartitions(db, Date.now())).toEqual([]);
      expect(await ensurePartitions(db, Date.UTC(2020, 0, 1), Date.now())).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
});
