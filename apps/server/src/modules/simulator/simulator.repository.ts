import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Reads for the live demo simulator: what the stations it drives look like. */

/** Every source id the simulator sends starts with this. */
export const SIMULATOR_SOURCE = 'sim-';

/** The first `perOrganization` open stations (operational or degraded) of every organisation, by id. */
export async function simulatedStations(db: Db, perOrganization: number) {
  const rows = await db
    .selectFrom('stations')
    .innerJoin('organizations', 'organizations.id', 'stations.organizationId')
    .select([
      'stations.id',
      'stations.organizationId',
      'stations.slug',
      'stations.city',
      'stations.lanes',
      'organizations.kind as organizationKind',
    ])
    .where('stations.status', 'in', ['operational', 'degraded'])
    .orderBy('stations.organizationId')
    .orderBy('stations.id')
    .execute();
  const taken = new Map<number, number>();
  return rows.filter((row) => {
    const count = taken.get(row.organizationId) ?? 0;
    taken.set(row.organizationId, count + 1);
    return count < perOrganization;
  });
}

/** Working nozzles (not faulty or switched off, on a dispenser in service) of the stations. */
export function workingNozzles(db: Db, stationIds: readonly number[]) {
  if (stationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('nozzles')
    .innerJoin('dispensers', 'dispensers.id', 'nozzles.dispenserId')
    .select([
      'nozzles.id',
      'nozzles.stationId',
      'nozzles.dispenserId',
      'nozzles.number',
      'nozzles.fuel',
      'nozzles.status',
      'dispensers.code as dispenserCode',
      'dispensers.lane',
    ])
    .where('nozzles.stationId', 'in', [...stationIds])
    .where('nozzles.status', 'not in', ['fault', 'disabled'])
    .where('dispensers.status', 'not in', ['fault', 'offline', 'maintenance'])
    .orderBy('nozzles.id')
    .execute();
}

/** Each station's latest price per fuel (paise per unit). */
export async function latestPrices(db: Db, stationIds: readonly number[]): Promise<Map<string, number>> {
  const prices = new Map<string, number>();
  if (stationIds.length === 0) return prices;
  const rows = await db
    .selectFrom('fuelPrices')
    .select(['stationId', 'fuel', 'pricePaise'])
    .where('stationId', 'in', [...stationIds])
    .orderBy('effectiveOn', 'desc')
    .execute();
  for (const row of rows) {
    const key = `${row.stationId}:${row.fuel}`;
    if (!prices.has(key)) prices.set(key, row.pricePaise);
  }
  return prices;
}

/**
 * Fills per day over the last week, per station (how busy each one usually is), leaving out the
 * simulator's own fills: counting them would make every restart livelier than the last.
 */
export async function fillsPerDay(
  db: Db,
  stationIds: readonly number[],
  now: number,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (stationIds.length === 0) return out;
  const week = 7 * 86_400_000;
  const rows = await db
    .selectFrom('transactions')
    .select(['stationId', sql<number>`count(*)`.as('n')])
    .where('stationId', 'in', [...stationIds])
    .where('startedAt', '>=', now - week)
    .where('startedAt', '<', now)
    .where((eb) => eb.or([eb('sourceId', 'is', null), eb('sourceId', 'not like', `${SIMULATOR_SOURCE}%`)]))
    .groupBy('stationId')
    .execute();
  for (const row of rows) out.set(Number(row.stationId), Number(row.n) / 7);
  return out;
}

/** The regulars who come back: recently seen vehicles of an organisation, known for a day or more. */
export function recentVehicles(db: Db, organizationId: number, limit: number, now: number) {
  return db
    .selectFrom('vehicles')
    .select(['registration', 'vehicleClass', 'fuel'])
    .where('organizationId', '=', organizationId)
    .where('firstSeenAt', '<', now - 86_400_000)
    .orderBy('lastSeenAt', 'desc')
    .limit(limit)
    .execute();
}

/** Nozzles of the stations left "dispensing" (a simulator that stopped mid-fill). */
export function dispensingNozzles(db: Db, stationIds: readonly number[]) {
  if (stationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('nozzles')
    .select(['id', 'stationId'])
    .where('stationId', 'in', [...stationIds])
    .where('status', '=', 'dispensing')
    .execute();
}
