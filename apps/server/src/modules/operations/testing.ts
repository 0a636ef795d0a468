import { FUELS, PAYMENT_MODES, type TFuel, type TPaymentMode } from '@forecourt/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type {
  ChallansTable,
  CongestionSamplesTable,
  PaymentsTable,
  TransactionsTable,
  VehicleSightingsTable,
  VehiclesTable,
} from '../../db/schema';

/** Test data for the operations, metrics and assets modules (not used by the app). */

export type StationRef = { id: number; organizationId: number };

const MINUTE = 60_000;

/** Inserts rows in chunks (SQLite caps bound parameters per statement). */
async function insertChunked<T extends object>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 200) await insert(rows.slice(i, i + 200));
}

/**
 * `count` fills at `station`, one every `everyMs` going back from `latest`: fuels and payment
 * modes cycle, quantities and amounts vary with the index, every seventh is unpaid, registrations
 * cycle through `registrations` (null when empty).
 */
export function fillRows(
  station: StationRef,
  count: number,
  options: { latest: number; everyMs?: number; registrations?: string[]; customerIds?: number[] },
): Insertable<TransactionsTable>[] {
  const every = options.everyMs ?? 7 * MINUTE;
  const registrations = options.registrations ?? ['MH12AB1234', 'MH14CD5678', 'KA01EF9012'];
  return Array.from({ length: count }, (_, i) => {
    const startedAt = options.latest - i * every;
    const fuel = FUELS[i % 4] as TFuel;
    const quantityMilli = 5_000 + ((i * 7_919) % 45_000);
    const unitPricePaise = 9_500 + (i % 5) * 100;
    return {
      organizationId: station.organizationId,
      stationId: station.id,
      dispenserId: 1 + (i % 3),
      nozzleId: 1 + (i % 6),
      fuel,
      startedAt,
      endedAt: startedAt + 90_000,
      quantityMilli,
      unitPricePaise,
      amountPaise: Math.round((quantityMilli * unitPricePaise) / 1000),
      paymentMode: PAYMENT_MODES[i % PAYMENT_MODES.length] as TPaymentMode,
      status: i % 7 === 3 ? 'unpaid' : 'completed',
      vehicleRegistration: registrations.length ? (registrations[i % registrations.length] ?? null) : null,
      vehicleClass: i % 3 === 0 ? '2w' : 'car',
      customerId: options.customerIds?.length
        ? (options.customerIds[i % options.customerIds.length] ?? null)
        : null,
      attendantId: null,
    };
  });
}

export async function insertFills(db: Db, rows: Insertable<TransactionsTable>[]): Promise<void> {
  await insertChunked(rows, (chunk) => db.insertInto('transactions').values(chunk).execute());
}

/** One payment per fill of `fills` (read back with ids), paid 2 minutes after it ends. */
export async function insertPaymentsFor(db: Db, stationId: number): Promise<void> {
  const fills = await db.selectFrom('transactions').selectAll().where('stationId', '=', stationId).execute();
  const rows: Insertable<PaymentsTable>[] = fills.map((fill, i) => ({
    organizationId: fill.organizationId,
    stationId: fill.stationId,
    transactionId: fill.id,
    paidAt: fill.endedAt + 2 * MINUTE,
    mode: fill.paymentMode,
    amountPaise: fill.amountPaise,
    status: i % 11 === 5 ? 'failed' : 'success',
    reference: `RRN${String(fill.id).padStart(10, '0')}`,
    provider: fill.paymentMode === 'upi' ? 'PhonePe' : 'Counter',
  }));
  await insertChunked(rows, (chunk) => db.insertInto('payments').values(chunk).execute());
}

/** A sighting per fill of the station (matched), plus `passBys` unmatched reads. */
export async function insertSightingsFor(db: Db, stationId: number, passBys = 0): Promise<void> {
  const fills = await db.selectFrom('transactions').selectAll().where('stationId', '=', stationId).execute();
  const rows: Insertable<VehicleSightingsTable>[] = fills
    .filter((fill) => fill.vehicleRegistration !== null)
    .map((fill, i) => ({
      organizationId: fill.organizationId,
      stationId: fill.stationId,
      registration: fill.vehicleRegistration ?? '',
      vehicleClass: fill.vehicleClass,
      seenAt: fill.startedAt - MINUTE,
      lane: 1 + (i % 2),
      confidence: 90,
      dwellSeconds: 120 + (i % 9) * 30,
      transactionId: fill.id,
    }));
  const first = fills[0];
  for (let i = 0; first && i < passBys; i++) {
    rows.push({
      ...rows[0]!,
      registration: `DL0${i}ZZ0000`,
      seenAt: first.startedAt - 3 * MINUTE - i,
      transactionId: null,
    });
  }
  await insertChunked(rows, (chunk) => db.insertInto('vehicleSightings').values(chunk).execute());
}

export async function insertVehicles(db: Db, rows: Insertable<VehiclesTable>[]): Promise<void> {
  await insertChunked(rows, (chunk) => db.insertInto('vehicles').values(chunk).execute());
}

export async function insertChallans(db: Db, rows: Insertable<ChallansTable>[]): Promise<void> {
  await insertChunked(rows, (chunk) => db.insertInto('challans').values(chunk).execute());
}

/** Samples every 15 minutes per lane over `[from, to)`: queue grows with the lane number. */
export async function insertCongestion(
  db: Db,
  station: StationRef,
  options: { from: number; to: number; lanes: number },
): Promise<void> {
  const rows: Insertable<CongestionSamplesTable>[] = [];
  for (let at = options.from, i = 0; at < options.to; at += 15 * MINUTE, i++) {
    for (let lane = 1; lane <= options.lanes; lane++) {
      const queueLength = (i % 4) + lane;
      rows.push({
        organizationId: station.organizationId,
        stationId: station.id,
        lane,
        sampledAt: at,
        queueLength,
        waitSeconds: queueLength * 60,
      });
    }
  }
  await insertChunked(rows, (chunk) => db.insertInto('congestionSamples').values(chunk).execute());
}
