import { createHash } from 'node:crypto';
import * as C from '@forecourt/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database';
import { verifyPassword } from '../modules/auth/password';
import { createTestDatabase } from '../test/test-database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { PRICE_RANGES } from './prices';
import { REGISTRATION_PATTERN } from './registrations';
import { seed, seedIfEmpty } from './seed';
import { IST_OFFSET } from './time';

// Runs on a temporary SQLite file, or on PostgreSQL when TEST_DATABASE_URL is set.
type TestDb = DatabaseHandle & { dispose(): Promise<void> };

const NOW = Date.UTC(2025, 2, 14, 10, 0, 0); // 15:30 IST
const OPTIONS = { scale: 'tiny', seed: 7, now: NOW } as const;

/** Raw SQL rows; the CamelCasePlugin hands back camelCase keys (started_at → startedAt). */
async function rows(db: TestDb, query: string): Promise<Record<string, unknown>[]> {
  const result = await sql.raw<Record<string, unknown>>(query).execute(db.db);
  return result.rows;
}

async function checksum(db: TestDb, table: string, order = 'id'): Promise<string> {
  const all = await rows(db, `select * from ${table} order by ${order}`);
  return createHash('sha256').update(JSON.stringify(all)).digest('hex');
}

const CHECKED: [string, string?][] = [
  ['organizations'],
  ['stations'],
  ['transactions'],
  ['payments'],
  ['vehicles'],
  ['vehicle_sightings'],
  ['incidents'],
  ['incident_events'],
  ['challans'],
  ['cards'],
  ['loyalty_transactions'],
  ['settlements'],
  ['congestion_samples'],
  ['sales_hourly', 'station_id, bucket, fuel, payment_mode'],
];

async function checksums(db: TestDb): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, order] of CHECKED) out[table] = await checksum(db, table, order);
  return out;
}

describe('seed (tiny)', () => {
  let a: TestDb;
  let first: Record<string, string>;

  beforeAll(async () => {
    // One database at a time: the first run's checksums are kept, then it is dropped.
    const b = await createTestDatabase();
    try {
      await seed(b, OPTIONS);
      first = await checksums(b);
    } finally {
      await b.dispose();
    }
    a = await createTestDatabase();
    await seed(a, OPTIONS);
  });

  afterAll(async () => {
    await a?.dispose();
  });

  it('is deterministic for the same seed and now', async () => {
    expect(await checksums(a)).toEqual(first);
    const [count] = await rows(a, 'select count(*) as n from transactions');
    expect(Number(count?.n)).toBeGreaterThan(300);
  });

  it('builds sales_hourly from exactly the inserted transactions', async () => {
    const fromTransactions = await rows(
      a,
      `select station_id, (started_at + 19800000) / 3600000 * 3600000 - 19800000 as bucket, fuel, payment_mode,
              count(*) as n, sum(quantity_milli) as q, sum(amount_paise) as amount
         from transactions group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    );
    const rollup = await rows(
      a,
      `select station_id, bucket, fuel, payment_mode, transaction_count as n, quantity_milli as q,
              amount_paise as amount
         from sales_hourly order by 1, 2, 3, 4`,
    );
    const normalise = (list: Record<string, unknown>[]) =>
      list.map((r) =>
        [r.stationId, r.bucket, r.fuel, r.paymentMode, r.n, r.q, r.amount].map(String).join('|'),
      );
    expect(rollup.length).toBeGreaterThan(100);
    expect(normalise(rollup)[0]).not.toContain('undefined');
    expect(normalise(rollup)).toEqual(normalise(fromTransactions));
  });

  it('pays every completed fill once and leaves drive-offs unpaid', async () => {
    const wrong = await rows(
      a,
      `select t.id from transactions t
         left join payments p on p.transaction_id = t.id and p.status = 'success'
        group by t.id, t.status, t.amount_paise
       having (t.status = 'completed' and (count(p.id) <> 1 or max(p.amount_paise) <> t.amount_paise))
           or (t.status <> 'completed' and count(p.id) <> 0)`,
    );
    expect(wrong).toEqual([]);
  });

  it('knows every vehicle it has seen', async () => {
    const unknown = await rows(
      a,
      `select registration from vehicle_sightings s
        where not exists (select 1 from vehicles v where v.organization_id = s.organization_id and v.registration = s.registration)
       union all
       select vehicle_registration from transactions t
        where t.vehicle_registration is not null and not exists
          (select 1 from vehicles v where v.organization_id = t.organization_id and v.registration = t.vehicle_registration)`,
    );
    expect(unknown).toEqual([]);
  });

  it('writes Indian registration numbers everywhere', async () => {
    const registrations = await rows(
      a,
      `select vehicle_registration as r from transactions where vehicle_registration is not null
       union all select registration from vehicles
       union all select registration from vehicle_sightings
       union all select registration from challans
       union all select vehicle_registration from cards where vehicle_registration is not null`,
    );
    expect(registrations.length).toBeGreaterThan(500);
    const bad = registrations.map((r) => String(r.r)).filter((r) => !REGISTRATION_PATTERN.test(r));
    expect(bad).toEqual([]);
    expect(REGISTRATION_PATTERN.test('DL3CAF0521')).toBe(true);
    expect(REGISTRATION_PATTERN.test('22BH1234AA')).toBe(true);
  });

  it('keeps prices within realistic ranges', async () => {
    const priced = await rows(
      a,
      `select fuel, min(price_paise) as lo, max(price_paise) as hi from fuel_prices group by fuel
       union all select fuel, min(unit_price_paise), max(unit_price_paise) from transactions group by fuel`,
    );
    for (const row of priced) {
      const [min, max] = PRICE_RANGES[row.fuel as C.TFuel];
      expect(Number(row.lo), String(row.fuel)).toBeGreaterThanOrEqual(min * 100);
      expect(Number(row.hi), String(row.fuel)).toBeLessThanOrEqual(max * 100);
    }
  });

  it('has a morning peak and a night trough (IST)', async () => {
    const times = await rows(a, 'select started_at from transactions');
    const byHour = new Array<number>(24).fill(0);
    for (const t of times)
      byHour[Math.floor(((Number(t.startedAt) + IST_OFFSET) % 86_400_000) / 3_600_000)]!++;
    expect(byHour[9]).toBeGreaterThan(2 * (byHour[3] ?? 0));
    expect(byHour[18]).toBeGreaterThan(2 * (byHour[2] ?? 0));
  });

  it('keeps stations and organisations consistent', async () => {
    const stations = await rows(
      a,
      `select s.id, s.dispenser_count, (select count(*) from dispensers d where d.station_id = s.id) as n
         from stations s`,
    );
    for (const s of stations) expect(Number(s.dispenserCount)).toBe(Number(s.n));
    const orgs = await rows(a, 'select id, fuel_mask from organizations order by id');
    for (const org of orgs) {
      const masks = await rows(a, `select fuel_mask from stations where organization_id = ${Number(org.id)}`);
      const union = masks.reduce((m, s) => m | Number(s.fuelMask), 0);
      expect(Number(org.fuelMask)).toBe(union);
      expect(union & ~C.fuelMask([...C.FUELS])).toBe(0);
    }
  });

  it('creates the demo accounts with working passwords and scoped memberships', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await rows(
        a,
        `select u.id, u.password_hash, u.email_verified_at, m.role, m.status, m.all_stations, o.slug, m.id as membership
           from users u join memberships m on m.user_id = u.id join organizations o on o.id = m.organization_id
          where u.email = '${account.email}'`,
      );
      expect(user, account.email).toBeDefined();
      expect(await verifyPassword(String(user?.passwordHash), DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(String(user?.passwordHash), 'wrong')).toBe(false);
      expect(user?.emailVerifiedAt).not.toBeNull();
      expect(user).toMatchObject({ role: account.role, status: 'active', slug: account.organization });
      expect(Number(user?.allStations)).toBe(account.allStations ? 1 : 0);
      const linked = await rows(
        a,
        `select count(*) as n from membership_stations where membership_id = ${Number(user?.membership)}`,
      );
      if (account.allStations) expect(Number(linked[0]?.n)).toBe(0);
      else expect(Number(linked[0]?.n)).toBeGreaterThan(0);
    }
  });

  it("speaks the contracts' vocabulary", async () => {
    const vocabulary: [string, string, readonly string[]][] = [
      ['stations', 'status', C.STATION_STATUSES],
      ['stations', 'fuel_provider', C.FUEL_PROVIDERS],
      ['dispensers', 'status', C.DISPENSER_STATUSES],
      ['nozzles', 'status', C.NOZZLE_STATUSES],
      ['nozzles', 'fuel', C.FUELS],
      ['customers', 'kind', C.CUSTOMER_KINDS],
      ['personnel', 'role', C.PERSONNEL_ROLES],
      ['personnel', 'shift', C.SHIFTS],
      ['personnel', 'status', C.PERSONNEL_STATUSES],
      ['transactions', 'status', C.TRANSACTION_STATUSES],
      ['transactions', 'payment_mode', C.PAYMENT_MODES],
      ['transactions', 'vehicle_class', C.VEHICLE_CLASSES],
      ['payments', 'status', C.PAYMENT_STATUSES],
      ['incidents', 'status', C.INCIDENT_STATUSES],
      ['incidents', 'severity', C.INCIDENT_SEVERITIES],
      ['challans', 'status', C.CHALLAN_STATUSES],
      ['cards', 'kind', C.CARD_KINDS],
      ['cards', 'status', C.CARD_STATUSES],
      ['settlements', 'status', C.SETTLEMENT_STATUSES],
      ['loyalty_transactions', 'kind', C.LOYALTY_TRANSACTION_KINDS],
      ['loyalty_transactions', 'status', C.LOYALTY_TRANSACTION_STATUSES],
      ['card_activation_requests', 'status', C.REQUEST_STATUSES],
      ['station_access_requests', 'status', C.REQUEST_STATUSES],
    ];
    for (const [table, column, allowed] of vocabulary) {
      const values = (await rows(a, `select distinct ${column} as v from ${table}`)).map((r) => String(r.v));
      expect(values.length, `${table}.${column}`).toBeGreaterThan(0);
      expect(
        values.filter((v) => !allowed.includes(v)),
        `${table}.${column}`,
      ).toEqual([]);
    }
    for (const row of await rows(a, 'select distinct type, "group" as g from incidents')) {
      expect(row.g).toBe(C.INCIDENT_TYPE_GROUPS[row.type as C.TIncidentType]);
    }
    for (const p of await rows(a, 'select amenities, hours, photos from station_profiles')) {
      z.array(C.ZStationAmenity).parse(JSON.parse(String(p.amenities)));
      C.ZOpeningHours.parse(JSON.parse(String(p.hours)));
      z.array(C.ZStationPhoto).parse(JSON.parse(String(p.photos)));
    }
    for (const c of await rows(a, 'select offences from challans')) {
      z.array(C.ZChallanOffence)
        .min(1)
        .parse(JSON.parse(String(c.offences)));
    }
  });

  it('refuses to seed a database that already has organisations', async () => {
    await expect(seed(a, OPTIONS)).rejects.toThrow(/empty database/);
  });
});

describe('seedIfEmpty', () => {
  it('seeds once and is a no-op the second time', async () => {
    const db = await createTestDatabase();
    try {
      const first = await seedIfEmpty(db, OPTIONS);
      expect(first?.counts.transactions).toBeGreaterThan(0);
      const before = await rows(db, 'select count(*) as n from transactions');
      expect(await seedIfEmpty(db, OPTIONS)).toBeNull();
      const after = await rows(db, 'select count(*) as n from transactions');
      expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
      expect(Number(before[0]?.n)).toBe(first?.counts.transactions);
    } finally {
      await db.dispose();
    }
  });
});
