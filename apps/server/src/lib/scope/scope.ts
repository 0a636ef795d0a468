import type { Db } from '../../db/database';
import type { StationRow } from '../../db/schema';
import type { Caller } from '../../http/caller';
import { notFound } from '../app-error';
import { findStationBySlug, organizationStationIds } from './scope.repository';

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
  return { organizationId, stationIds: await organizationStationIds(db, organizationId, allowed) };
}

/** True when the caller sees the station (their organisation's, and in a member's list). */
export function callerSeesStation(caller: Caller, stationId: number): boolean {
  return caller.stationIds === 'all' || caller.stationIds.includes(stationId);
}
