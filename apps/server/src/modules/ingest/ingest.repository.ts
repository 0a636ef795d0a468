import { type Insertable, type Kysely, sql } from 'kysely';
import { insertRows, snake } from '../../db/bulk-insert.repository';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/migrations/dsl';
import { addMonths, monthStart } from '../../db/partitions.repository';
import type {
  AssetStateEventsTable,
  CongestionSamplesTable,
  Database,
  PaymentsTable,
  TransactionsTable,
  VehicleSightingsTable,
  VehiclesTable,
} from '../../db/schema';

/**
 * Set-based writes for ingest: multi-row `INSERT … ON CONFLICT DO NOTHING RETURNING`
 * (db/bulk-insert.repository.ts). The conflict that matters is the unique `(station_id, source_id)`
 * index of each table: a row whose source id is already stored is skipped, and RETURNING tells
 * which rows were new.
 */
const COLUMNS = {
  transactions: [
    'organizationId',
    'stationId',
    'dispenserId',
    'nozzleId',
    'fuel',
    'startedAt',
    'endedAt',
    'quantityMilli',
    'unitPricePaise',
    'amountPaise',
    'paymentMode',
    'status',
    'vehicleRegistration',
    'vehicleClass',
    'customerId',
    'attendantId',
    'sourceId',
  ],
  payments: [
    'organizationId',
    'stationId',
    'transactionId',
    'paidAt',
    'mode',
    'amountPaise',
    'status',
    'reference',
    'provider',
    'sourceId',
  ],
  vehicleSightings: [
    'organizationId',
    'stationId',
    'registration',
    'vehicleClass',
    'seenAt',
    'lane',
    'confidence',
    'dwellSeconds',
    'transactionId',
    'sourceId',
  ],
  congestionSamples: [
    'organizationId',
    'stationId',
    'lane',
    'sampledAt',
    'queueLength',
    'waitSeconds',
    'sourceId',
  ],
  assetStateEvents: [
    'organizationId',
    'stationId',
    'kind',
    'dispenserId',
    'nozzleId',
    'status',
    'at',
    'sourceId',
  ],
  vehicles: [
    'organizationId',
    'registration',
    'vehicleClass',
    'fuel',
    'customerId',
    'firstSeenAt',
    'lastSeenAt',
    'isWatchlisted',
    'createdAt',
    'updatedAt',
  ],
} as const satisfies { [T in keyof typeof TABLES]: readonly (keyof Database[(typeof TABLES)[T]] & string)[] };

/** Kysely table names (the keys of {@link COLUMNS}). */
const TABLES = {
  transactions: 'transactions',
  payments: 'payments',
  vehicleSightings: 'vehicleSightings',
  congestionSamples: 'congestionSamples',
  assetStateEvents: 'assetStateEvents',
  vehicles: 'vehicles',
} as const;

type SourcedTable = Exclude<keyof typeof TABLES, 'vehicles'>;
export type Inserted = { id: number; sourceId: string };

/** The time column of each sourced table (its partition key on PostgreSQL). */
const TIME_COLUMN = {
  transactions: 'startedAt',
  payments: 'paidAt',
  vehicleSightings: 'seenAt',
  congestionSamples: 'sampledAt',
  assetStateEvents: 'at',
} as const satisfies { [T in SourcedTable]: keyof Database[T] & string };

/**
 * On PostgreSQL the fact tables are partitioned by month, and a unique index there must hold the
 * time column: `(station_id, source_id, time)` only catches a resend with the same time. So the
 * source ids the station already stored are looked up first and skipped; {@link lockStationIngest}
 * keeps two batches of one station from both passing that check. The lookup covers the batch's
 * months and one month either side (a few partitions, not every month kept): a resend whose time
 * was corrected by more than a month is not recognised (docs/DECISIONS.md).
 */
async function withoutStored<T extends SourcedTable>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<readonly Insertable<Database[T]>[]> {
  if (rows.length === 0 || dialectOf(db as unknown as Kysely<unknown>) !== 'postgres') return rows;
  // State events are unique per kind as well: a dispenser and a nozzle report may share a source id.
  type Sourced = { stationId: number; sourceId?: string | null; kind?: string };
  const sourced = rows as unknown as readonly Sourced[];
  const key = (row: Sourced) => `${row.kind ?? ''}|${row.sourceId}`;
  const sourceIds = [...new Set(sourced.flatMap((row) => (row.sourceId == null ? [] : [row.sourceId])))];
  const times = rows.map((row) => Number((row as Record<string, unknown>)[TIME_COLUMN[table]]));
  const from = addMonths(monthStart(Math.min(...times)), -1);
  const to = addMonths(monthStart(Math.max(...times)), 2);
  const time = sql.ref(snake(TIME_COLUMN[table]));
  const stored = new Set<string>();
  for (let i = 0; i < sourceIds.length; i += 5_000) {
    let query = db
      .selectFrom(table as 'assetStateEvents')
      .select(['sourceId'])
      .where('stationId', '=', sourced[0]?.stationId as number)
      // One array parameter: an IN list binds (and Kysely builds a node for) each of 5,000 values.
      .where(sql<boolean>`source_id = any(${sourceIds.slice(i, i + 5_000)}::text[])`)
      .where(sql<boolean>`${time} >= ${from} and ${time} < ${to}`);
    if (table === 'assetStateEvents') query = query.select('kind');
    for (const row of (await query.execute()) as Sourced[]) stored.add(key(row));
  }
  if (stored.size === 0) return rows;
  return rows.filter((_row, i) => !stored.has(key(sourced[i] as Sourced)));
}

/** PostgreSQL: one ingest transaction per station at a time (held until commit); no-op on SQLite. */
export async function lockStationIngest(db: Db, stationId: number): Promise<void> {
  if (dialectOf(db as unknown as Kysely<unknown>) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('forecourt:ingest'), ${stationId}::int)`.execute(db);
}

/** Inserts the rows whose source id is new for their station; returns those (id and source id). */
async function insertNew<T extends SourcedTable>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<Inserted[]> {
  const returned = await insertRows<{ id: number; sourceId: string }>(
    db,
    table,
    COLUMNS[table],
    await withoutStored(db, table, rows),
    'on conflict do nothing returning "id", "source_id"',
  );
  return returned.map((row) => ({ id: Number(row.id), sourceId: row.sourceId }));
}

export const insertTransactions = (db: Db, rows: readonly Insertable<TransactionsTable>[]) =>
  insertNew(db, 'transactions', rows);
export const insertPayments = (db: Db, rows: readonly Insertable<PaymentsTable>[]) =>
  insertNew(db, 'payments', rows);
export const insertSightings = (db: Db, rows: readonly Insertable<VehicleSightingsTable>[]) =>
  insertNew(db, 'vehicleSightings', rows);
export const insertCongestionSamples = (db: Db, rows: readonly Insertable<CongestionSamplesTable>[]) =>
  insertNew(db, 'congestionSamples', rows);
export const insertStateEvents = (db: Db, rows: readonly Insertable<AssetStateEventsTable>[]) =>
  insertNew(db, 'assetStateEvents', rows);

/** Ids of the station's fills with these source ids. */
export async function transactionIdsBySource(
  db: Db,
  stationId: number,
  sourceIds: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < sourceIds.length; i += 5_000) {
    const rows = await db
      .selectFrom('transactions')
      .select(['id', 'sourceId'])
      .where('stationId', '=', stationId)
      .where('sourceId', 'in', sourceIds.slice(i, i + 5_000))
      .execute();
    for (const row of rows) found.set(row.sourceId as string, Number(row.id));
  }
  return found;
}

/** What a station has: its lanes, dispensers and nozzles (a handful each). */
export async function stationAssets(db: Db, stationId: number) {
  const [station, dispensers, nozzles] = await Promise.all([
    db
      .selectFrom('stations')
      .select(['id', 'organizationId', 'lanes'])
      .where('id', '=', stationId)
      .executeTakeFirst(),
    db
      .selectFrom('dispensers')
      .select(['id', 'code', 'lane', 'status', 'stateAt'])
      .where('stationId', '=', stationId)
      .execute(),
    db
      .selectFrom('nozzles')
      .select(['id', 'dispenserId', 'number', 'fuel', 'status', 'stateAt'])
      .where('stationId', '=', stationId)
      .execute(),
  ]);
  return { station, dispensers, nozzles };
}
export type StationAssets = Awaited<ReturnType<typeof stationAssets>>;

/** Which of `ids` are rows of `table` in the given organisation (customers) or station (personnel, fills). */
export async function existingIds(
  db: Db,
  table: 'customers' | 'personnel' | 'transactions',
  scope: { organizationId: number } | { stationId: number },
  ids: readonly number[],
): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 5_000) {
    let query = db
      .selectFrom(table as 'personnel')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 5_000));
    query =
      'stationId' in scope
        ? query.where('stationId', '=', scope.stationId)
        : query.where('organizationId', '=', scope.organizationId);
    for (const row of await query.execute()) found.add(Number(row.id));
  }
  return found;
}

/**
 * Adds vehicles to the organisation's registry or widens their first/last seen. Rows must have
 * distinct registrations (PostgreSQL refuses to update one row twice in a statement).
 */
export async function upsertVehicles(db: Db, rows: readonly Insertable<VehiclesTable>[]): Promise<void> {
  // Only when the visit widens what is known: a row rewritten for nothing costs index writes.
  await insertRows(
    db,
    'vehicles',
    COLUMNS.vehicles,
    rows,
    `on conflict ("organization_id", "registration") do update set
       "first_seen_at" = case when excluded.first_seen_at < vehicles.first_seen_at
                              then excluded.first_seen_at else vehicles.first_seen_at end,
       "last_seen_at" = case when excluded.last_seen_at > vehicles.last_seen_at
                             then excluded.last_seen_at else vehicles.last_seen_at end,
       "updated_at" = excluded.updated_at
     where excluded.first_seen_at < vehicles.first_seen_at or excluded.last_seen_at > vehicles.last_seen_at`,
  );
}

/** Adds dispensed quantities to the nozzles' totalisers (one statement per nozzle touched). */
export async function addToTotalizers(db: Db, milliByNozzle: ReadonlyMap<number, number>, now: number) {
  for (const [nozzleId, milli] of milliByNozzle) {
    await db
      .updateTable('nozzles')
      .set((eb) => ({ totalizerMilli: eb('totalizerMilli', '+', milli), updatedAt: now }))
      .where('id', '=', nozzleId)
      .execute();
  }
}

/**
 * Records a reported status unless a newer report was applied already; true when applied.
 * (`state_at` orders reports; the same instant wins again, so a resend is harmless.)
 */
export async function applyReportedStatus(
  db: Db,
  table: 'nozzles' | 'dispensers',
  id: number,
  status: string,
  at: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable(table as 'nozzles')
    .set({ status, stateAt: at, updatedAt: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('stateAt', 'is', null), eb('stateAt', '<=', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Which of `registrations` are on the organisation's watchlist. */
export async function watchlistedRegistrations(
  db: Db,
  organizationId: number,
  registrations: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < registrations.length; i += 1_000) {
    const rows = await db
      .selectFrom('vehicles')
      .select('registration')
      .where('organizationId', '=', organizationId)
      .where('registration', 'in', registrations.slice(i, i + 1_000))
      .where('isWatchlisted', '=', 1)
      .execute();
    for (const row of rows) found.add(row.registration);
  }
  return found;
}
