import type { TFuel, TVehicleClass } from '@forecourt/contracts';
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { VehicleSightingsTable, VehiclesTable } from '../../db/schema';
import { registrationRange, type SortColumn } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { scopePredicate } from '../../lib/scope/scope.repository';

export type VehicleRow = Selectable<VehiclesTable>;
export type SightingRow = Selectable<VehicleSightingsTable>;

/**
 * Vehicle registry sorts, each with its index: `(organization_id, last_seen_at, id)`,
 * `(organization_id, first_seen_at, id)` (migration 0004) and the unique `(organization_id, registration)`.
 */
export const VEHICLE_SORT_COLUMNS: Record<
  'servedAt' | 'firstSeenAt' | 'registration',
  SortColumn<VehicleRow>
> = {
  servedAt: { column: 'vehicles.last_seen_at', kind: 'number', value: (row) => row.lastSeenAt },
  firstSeenAt: { column: 'vehicles.first_seen_at', kind: 'number', value: (row) => row.firstSeenAt },
  registration: { column: 'vehicles.registration', kind: 'string', value: (row) => row.registration },
};

/**
 * A member with a station list sees the vehicles read at one of their stations (the
 * `(organization_id, registration, seen_at)` index answers it per vehicle).
 */
export function seenInScope(scope: Scope, registration = sql.ref('vehicles.registration')) {
  if (scope.stationIds === 'all') return sql<SqlBool>`1 = 1`;
  if (scope.stationIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`exists (select 1 from vehicle_sightings s
     where s.organization_id = ${scope.organizationId} and s.registration = ${registration}
       and s.station_id in (${sql.join([...scope.stationIds])}))`;
}

export function vehiclesQuery(
  db: Db,
  scope: Scope,
  filters: { q?: string; vehicleClass?: TVehicleClass[]; fuel?: TFuel[]; isWatchlisted?: boolean },
) {
  let query = db
    .selectFrom('vehicles')
    .selectAll('vehicles')
    .where('vehicles.organizationId', '=', scope.organizationId)
    .where(seenInScope(scope));
  const range = filters.q ? registrationRange(filters.q) : null;
  if (range) {
    query = query
      .where('vehicles.registration', '>=', range.from)
      .where('vehicles.registration', '<', range.to);
  }
  if (filters.vehicleClass?.length) query = query.where('vehicles.vehicleClass', 'in', filters.vehicleClass);
  if (filters.fuel?.length) query = query.where('vehicles.fuel', 'in', filters.fuel);
  if (filters.isWatchlisted !== undefined) {
    query = query.where('vehicles.isWatchlisted', '=', filters.isWatchlisted ? 1 : 0);
  }
  return query;
}

const DAY = 86_400_000;

/** Sightings sorts: `(station_id, seen_at, id)`; dwell reads the window, so at most a month. */
export const SIGHTING_SORT_COLUMNS: Record<'servedAt' | 'dwellSeconds', SortColumn<SightingRow>> = {
  servedAt: { column: 'vehicle_sightings.seen_at', kind: 'number', value: (row) => row.seenAt },
  dwellSeconds: {
    column: 'vehicle_sightings.dwell_seconds',
    kind: 'number',
    value: (row) => row.dwellSeconds,
    maxSpanMs: 31 * DAY,
  },
};

export function sightingsQuery(
  db: Db,
  scope: Scope,
  filters: { startMs: number; endMs: number; registration?: string; vehicleClass?: TVehicleClass[] },
) {
  let query = db
    .selectFrom('vehicleSightings')
    .selectAll('vehicleSightings')
    .where(scopePredicate('vehicle_sightings', scope))
    .where('vehicleSightings.seenAt', '>=', filters.startMs)
    .where('vehicleSightings.seenAt', '<', filters.endMs);
  const range = filters.registration ? registrationRange(filters.registration) : null;
  if (range) {
    query = query
      .where('vehicleSightings.registration', '>=', range.from)
      .where('vehicleSightings.registration', '<', range.to);
  }
  if (filters.vehicleClass?.length) {
    query = query.where('vehicleSightings.vehicleClass', 'in', filters.vehicleClass);
  }
  return query;
}
