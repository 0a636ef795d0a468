import type { TDispenserStatus, TFuel } from '@forecourt/contracts';
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DispensersTable, NozzlesTable, TransactionsTable } from '../../db/schema';

export type DispenserRow = Selectable<DispensersTable>;
export type NozzleRow = Selectable<NozzlesTable>;
export type LastFill = Pick<
  Selectable<TransactionsTable>,
  'id' | 'nozzleId' | 'startedAt' | 'endedAt' | 'quantityMilli' | 'amountPaise'
>;

/** A station's dispensers (a handful each), filtered by status and by the fuels of their nozzles. */
export function dispensersQuery(
  db: Db,
  stationId: number,
  filters: { status?: TDispenserStatus[]; fuel?: TFuel[] },
) {
  let query = db
    .selectFrom('dispensers')
    .selectAll('dispensers')
    .where('dispensers.stationId', '=', stationId);
  if (filters.status?.length) query = query.where('dispensers.status', 'in', filters.status);
  const fuels = filters.fuel;
  if (fuels?.length) {
    query = query.where(
      sql<SqlBool>`exists (select 1 from nozzles n where n.dispenser_id = ${sql.ref('dispensers.id')}
        and n.fuel in (${sql.join(fuels)}))`,
    );
  }
  return query;
}

/** The station's status (undefined for an unknown station). */
export async function stationStatus(db: Db, stationId: number): Promise<string | undefined> {
  const row = await db.selectFrom('stations').select('status').where('id', '=', stationId).executeTakeFirst();
  return row?.status;
}

/** The station's dispensers by lane, then code. */
export function dispensersInLaneOrder(db: Db, stationId: number): Promise<DispenserRow[]> {
  return db
    .selectFrom('dispensers')
    .selectAll()
    .where('stationId', '=', stationId)
    .orderBy('lane')
    .orderBy('code')
    .execute();
}

export function nozzlesOf(db: Db, dispenserIds: number[]): Promise<NozzleRow[]> {
  if (dispenserIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('nozzles')
    .selectAll()
    .where('dispenserId', 'in', dispenserIds)
    .orderBy('dispenserId')
    .orderBy('number')
    .execute();
}

/** Each nozzle's newest fill (any time), one index probe per nozzle on `(nozzle_id, started_at)`. */
export async function lastFills(db: Db, nozzleIds: number[]): Promise<Map<number, LastFill>> {
  if (nozzleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'nozzleId', 'startedAt', 'endedAt', 'quantityMilli', 'amountPaise'])
    .where(
      'id',
      'in',
      db
        .selectFrom('nozzles')
        .where('nozzles.id', 'in', nozzleIds)
        .select((eb) =>
          eb
            .selectFrom('transactions as t')
            .select('t.id')
            .whereRef('t.nozzleId', '=', 'nozzles.id')
            .orderBy('t.startedAt', 'desc')
            .limit(1)
            .as('lastId'),
        ),
    )
    .execute();
  return new Map(rows.map((row) => [row.nozzleId, row]));
}

export type NozzleHealthRow = {
  nozzleId: number;
  transactions: number;
  quantityMilli: number;
  busyMs: number;
};

/** Fills per nozzle in the window (the station's time index, a week at most). */
export async function nozzleHealth(
  db: Db,
  stationId: number,
  range: { startMs: number; endMs: number },
): Promise<Map<number, NozzleHealthRow>> {
  const rows = await db
    .selectFrom('transactions')
    .where('stationId', '=', stationId)
    .where('startedAt', '>=', range.startMs)
    .where('startedAt', '<', range.endMs)
    .select('nozzleId')
    .select((eb) => [
      eb.fn.countAll<number>().as('transactions'),
      eb.fn.sum<number>('quantityMilli').as('quantityMilli'),
      eb.fn.sum<number>(sql`${sql.ref('ended_at')} - ${sql.ref('started_at')}`).as('busyMs'),
    ])
    .groupBy('nozzleId')
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.nozzleId),
      {
        nozzleId: Number(row.nozzleId),
        transactions: Number(row.transactions),
        quantityMilli: Number(row.quantityMilli),
        busyMs: Number(row.busyMs),
      },
    ]),
  );
}

/** `dispenser_fault` incidents opened in the window, per dispenser. */
export async function faultsPerDispenser(
  db: Db,
  stationId: number,
  range: { startMs: number; endMs: number },
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('incidents')
    .where('stationId', '=', stationId)
    .where('type', '=', 'dispenser_fault')
    .where('openedAt', '>=', range.startMs)
    .where('openedAt', '<', range.endMs)
    .where('dispenserId', 'is not', null)
    .select('dispenserId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy('dispenserId')
    .execute();
  return new Map(rows.map((row) => [Number(row.dispenserId), Number(row.n)]));
}
