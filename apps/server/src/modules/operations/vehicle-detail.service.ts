import {
  type TFuel,
  type TVehicleDetail,
  type TVehicleDetailQuery,
  VEHICLE_DETAIL_CHALLANS,
  VEHICLE_DETAIL_ROWS,
} from '@forecourt/contracts';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { Scope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { presentChallan } from './challans.service';
import { presentTransaction } from './transactions.presenter';
import { presentSighting, presentVehicle } from './vehicles.presenter';
import { seenInScope } from './vehicles.repository';

/** `station_id` within the scope's station list (every station of the organisation for 'all'). */
const inStations = (scope: Scope, column: string) =>
  scope.stationIds === 'all'
    ? sql<SqlBool>`1 = 1`
    : sql<SqlBool>`${sql.ref(column)} in (${sql.join([...scope.stationIds, -1])})`;

/**
 * One vehicle: its registry entry, fills across stations and sightings in the window (screen
 * `vehicle`: 24 hours, at most 180 days) and its challans. Every part is read through an index that
 * starts with `(organization_id, registration)`, so a vehicle costs the same in any network.
 * 404 for a registration the organisation never saw, or (members) never saw at their stations.
 */
export async function getVehicleDetail(
  db: Db,
  scope: Scope,
  registration: string,
  query: TVehicleDetailQuery,
  now: number,
): Promise<TVehicleDetail> {
  const { window, startMs, endMs } = resolveRequestWindow('vehicle', query, now);
  const vehicle = await db
    .selectFrom('vehicles')
    .selectAll('vehicles')
    .where('vehicles.organizationId', '=', scope.organizationId)
    .where('vehicles.registration', '=', registration)
    .where(seenInScope(scope))
    .executeTakeFirst();
  if (!vehicle) throw notFound('Vehicle');

  const fills = db
    .selectFrom('transactions')
    .where('transactions.organizationId', '=', scope.organizationId)
    .where('transactions.vehicleRegistration', '=', registration)
    .where('transactions.startedAt', '>=', startMs)
    .where('transactions.startedAt', '<', endMs)
    .where(inStations(scope, 'transactions.station_id'));
  const sightings = db
    .selectFrom('vehicleSightings')
    .where('vehicleSightings.organizationId', '=', scope.organizationId)
    .where('vehicleSightings.registration', '=', registration)
    .where('vehicleSightings.seenAt', '>=', startMs)
    .where('vehicleSightings.seenAt', '<', endMs)
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

  const stations = byStation
    .map((row) => ({
      stationId: Number(row.stationId),
      slug: row.slug,
      name: row.name,
      fills: Number(row.fills),
      amountPaise: Number(row.amountPaise ?? 0),
      lastFillAt: new Date(Number(row.lastFillAt)).toISOString(),
    }))
    .sort((a, b) => b.fills - a.fills || a.name.localeCompare(b.name));
  const pending = challanRows.filter((row) => row.status === 'pending');
  return {
    vehicle: presentVehicle(vehicle),
    window,
    totals: {
      fills: stations.reduce((sum, s) => sum + s.fills, 0),
      amountPaise: stations.reduce((sum, s) => sum + s.amountPaise, 0),
      quantityByFuel: Object.fromEntries(byFuel.map((row) => [row.fuel as TFuel, Number(row.milli) / 1000])),
      sightings: Number(sightingCount?.n ?? 0),
      pendingChallans: pending.length,
      pendingFinePaise: pending.reduce((sum, row) => sum + row.finePaise, 0),
    },
    stations,
    fills: latestFills.map(presentTransaction),
    sightings: latestSightings.map(presentSighting),
    challans: challanRows.map(presentChallan),
  };
}
