import type {
  TVehiclePage,
  TVehiclePageQuery,
  TVehicleSightingPage,
  TVehicleSightingPageQuery,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { checkSortSpan, keysetOrder, listPage } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { presentSighting, presentVehicle } from './vehicles.presenter';
import {
  SIGHTING_SORT_COLUMNS,
  sightingsQuery,
  VEHICLE_SORT_COLUMNS,
  vehiclesQuery,
} from './vehicles.repository';

/** A page of the organisation's vehicle registry (members: vehicles read at their stations). */
export async function listVehicles(db: Db, scope: Scope, query: TVehiclePageQuery): Promise<TVehiclePage> {
  const rows = vehiclesQuery(db, scope, {
    ...(query.q ? { q: query.q } : {}),
    ...(query.vehicleClass ? { vehicleClass: query.vehicleClass } : {}),
    ...(query.fuel ? { fuel: query.fuel } : {}),
    ...(query.isWatchlisted !== undefined ? { isWatchlisted: query.isWatchlisted } : {}),
  });
  const order = keysetOrder(query.sort, VEHICLE_SORT_COLUMNS, 'vehicles.id');
  return listPage(db, rows, order, query, presentVehicle);
}

/** A page of a station's ANPR sightings (screen `stationVehicles`: 24 hours, at most 180 days). */
export async function listSightings(
  db: Db,
  scope: Scope,
  query: TVehicleSightingPageQuery,
  now: number,
): Promise<TVehicleSightingPage> {
  const { window, startMs, endMs } = resolveRequestWindow('stationVehicles', query, now);
  checkSortSpan(query.sort, SIGHTING_SORT_COLUMNS, endMs - startMs);
  const rows = sightingsQuery(db, scope, {
    startMs,
    endMs,
    ...(query.registration ? { registration: query.registration } : {}),
    ...(query.vehicleClass ? { vehicleClass: query.vehicleClass } : {}),
  });
  const order = keysetOrder(query.sort, SIGHTING_SORT_COLUMNS, 'vehicle_sightings.id');
  return listPage(db, rows, order, query, presentSighting, window);
}
