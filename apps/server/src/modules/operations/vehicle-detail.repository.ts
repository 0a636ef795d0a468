import { VEHICLE_DETAIL_CHALLANS, VEHICLE_DETAIL_ROWS } from '@forecourt/contracts';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Scope } from '../../lib/scope/scope';
import { seenInScope } from './vehicles.repository';

/**
 * SQL of one vehicle's page. Every part is read through an index that starts with
 * `(organization_id, registration)`, so a vehicle costs the same in any network.
 */

/** `station_id` within the scope's station list (every station of the organisation for 'all'). */
const inStations = (scope: Scope, column: string) =>
  scope.stationIds === 'all'
    ? sql<SqlBool>`1 = 1`
    : sql<SqlBool>`${sql.ref(column)} in (${sql.join([...scope.stationIds, -1])})`;

/** The registry entry, when the organisation (members: at their stations) saw the vehicle. */
export function findVehicleInScope(db: Db, scope: Scope, registration: string) {
  return db
    .selectFrom('vehicles')
    .selectAll('vehicles')
    .where('vehicles.organizationId', '=', scope.organizationId)
    .where('vehicles.registration', '=', registration)
    .where(seenInScope(scope))
    .executeTakeFirst();
}

/** Fills (latest, per station, per fuel), sightings (latest, count) in the window and challans. */
export async function vehicleActivity(
  db: Db,
  scope: Scope,
  registration: string,
  range: { startMs: number; endMs: number },
) {
  const fills = db
    .selectFrom('transactions')
    .where('transactions.organizationId', '=', scope.organizationId)
    .where('transactions.vehicleRegistration', '=', registration)
    .where('transactions.startedAt', '>=', range.startMs)
    .where('transactions.startedAt', '<', range.endMs)
    .where(inStations(scope, 'transactions.station_id'));
  const sightings = db
    .selectFrom('vehicleSightings')
    .where('vehicleSightings.organizationId', '=', scope.organizationId)
    .where('vehicleSightings.registration', '=', registration)
    .where('vehicleSightings.seenAt', '>=', range.startMs)
    .where('vehicleSightings.seenAt', '<', range.endMs)
    .where(inStations(scope, 'vehicle_sightings.station_id'));
  const challans = db
    .selectFrom('challans')
    .selectAll('challans')
    .where('challans.organizationId', '=', scope.organizationId)
    .where('challans.registration', '=', registration)
    .where((eb) =>
      scope.stationIds === 'all'
        ? sql<SqlBool>`1 = 1`
        : eb.or([eb('challans.stationId', 'is', null), inStations(scope, 'challans.station_id')]),
    );

  const [latestFills, byStation, byFuel, latestSightings, sightingCount, challanRows] = await Promise.all([
    fills
      .selectAll('transactions')
      .orderBy('transactions.startedAt', 'desc')
      .orderBy('transactions.id', 'desc')
      .limit(VEHICLE_DETAIL_ROWS)
      .execute(),
    fills
      .innerJoin('stations', 'stations.id', 'transactions.stationId')
      .select(['stations.id as stationId', 'stations.slug', 'stations.name'])
      .select((eb) => [
        eb.fn.countAll<number>().as('fills'),
        eb.fn.sum<number>('transactions.amountPaise').as('amountPaise'),
        eb.fn.max<number>('transactions.startedAt').as('lastFillAt'),
      ])
      .groupBy(['stations.id', 'stations.slug', 'stations.name'])
      .execute(),
    fills
      .select('transactions.fuel')
      .select((eb) => eb.fn.sum<number>('transactions.quantityMilli').as('milli'))
      .groupBy('transactions.fuel')
      .execute(),
    sightings
      .selectAll('vehicleSightings')
      .orderBy('vehicleSightings.seenAt', 'desc')
      .orderBy('vehicleSightings.id', 'desc')
      .limit(VEHICLE_DETAIL_ROWS)
      .execute(),
    sightings.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    challans
      .orderBy('challans.challanTime', 'desc')
      .orderBy('challans.id', 'desc')
      .limit(VEHICLE_DETAIL_CHALLANS)
      .execute(),
  ]);
  return { latestFills, byStation, byFuel, latestSightings, sightingCount, challanRows };
}
