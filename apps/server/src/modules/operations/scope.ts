import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { StationRow } from '../../db/schema';
import type { Caller } from '../../http/caller';
import { notFound } from '../../lib/app-error';
import { findStationBySlug } from '../stations/stations.repository';

/**
 * Which rows of a fact table (transactions, payments, sightings, challans…) a request may read:
 * the caller's organisation, narrowed to a verified list of its station ids when the caller is a
 * member with a station list, asked for some stations, or is on a station page.
 */
export type Scope = { organizationId: number; stationIds: readonly number[] | 'all' };

/** The scope of a station page: the slug must name a station the caller sees, else 404. */
export async function stationScope(
  db: Db,
  caller: Caller,
  slug: string,
): Promise<{ station: StationRow; scope: Scope }> {
  const station = await findStationBySlug(db, caller, slug);
  if (!station) throw notFound('Station');
  return { station, scope: { organizationId: caller.organizationId, stationIds: [station.id] } };
}

/**
 * The scope of a network-wide list: every station the caller sees, or those of `requested` among
 * them (ids of other organisations or outside a member's list simply match nothing).
 */
export async function networkScope(db: Db, caller: Caller, requested?: readonly number[]): Promise<Scope> {
  const { organizationId } = caller;
  if (!requested?.length) return { organizationId, stationIds: caller.stationIds };
  const visible = caller.stationIds;
  const allowed = visible === 'all' ? requested : requested.filter((id) => visible.includes(id));
  if (allowed.length === 0) return { organizationId, stationIds: [] };
  const rows = await db
    .selectFrom('stations')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('id', 'in', [...new Set(allowed)])
    .execute();
  return { organizationId, stationIds: rows.map((row) => row.id) };
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
