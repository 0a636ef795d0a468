import { type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, StationRow } from '../../db/schema';
import type { Caller } from '../../http/caller';
import type { Scope } from './scope';

/** Restricts a station query to the caller's organisation and, for members, their stations. */
export function stationsVisibleTo(caller: Caller) {
  return (eb: ExpressionBuilder<Database, 'stations'>) => {
    const inOrganization = eb('stations.organizationId', '=', caller.organizationId);
    if (caller.stationIds === 'all') return inOrganization;
    if (caller.stationIds.length === 0) return eb.and([inOrganization, sql<boolean>`1 = 0`]);
    return eb.and([inOrganization, eb('stations.id', 'in', caller.stationIds)]);
  };
}

/** The station with this slug when the caller sees it. */
export async function findStationBySlug(
  db: Db,
  caller: Caller,
  slug: string,
): Promise<StationRow | undefined> {
  return db
    .selectFrom('stations')
    .where(stationsVisibleTo(caller))
    .where('slug', '=', slug)
    .selectAll()
    .executeTakeFirst();
}

/** Those of `ids` that are stations of the organisation. */
export async function organizationStationIds(
  db: Db,
  organizationId: number,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('stations')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The scope as a predicate on `table` (which has `organization_id` and `station_id`).
 * One station → `station_id = ?`, which the `(station_id, time, id)` index serves in order. Several,
 * for a page → `organization_id = ? and +station_id in (…)`: the unary plus keeps the planner on the
 * `(organization_id, time, id)` index, which returns rows in page order, instead of collecting every
 * matching row of the stations and sorting them. Several, for an aggregate (no order needed) →
 * `station_id in (…)`, a range per station on the station index. The organisation → its own index.
 * `organization` (a page read from an organisation index on the sort column, which also holds
 * `station_id`) → `organization_id = ? and +station_id in (…)` for one station too.
 */
export function scopePredicate(
  table: string,
  scope: Scope,
  purpose: 'page' | 'aggregate' | 'organization' = 'page',
): RawBuilder<SqlBool> {
  const station = sql.ref(`${table}.station_id`);
  const organization = sql.ref(`${table}.organization_id`);
  const ids = scope.stationIds;
  if (ids === 'all') return sql<SqlBool>`${organization} = ${scope.organizationId}`;
  if (ids.length === 0) return sql<SqlBool>`1 = 0`;
  if (ids.length === 1 && purpose !== 'organization') return sql<SqlBool>`${station} = ${ids[0]}`;
  if (purpose === 'aggregate') return sql<SqlBool>`${station} in (${sql.join([...ids])})`;
  return sql<SqlBool>`${organization} = ${scope.organizationId} and +${station} in (${sql.join([...ids])})`;
}
