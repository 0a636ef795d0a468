import type { TStationProfileListQuery } from '@forecourt/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/paging';
import type { StationProfilesTable } from '../../db/schema';
import type { Caller } from '../../http/caller';

export type StationProfileRow = Selectable<StationProfilesTable> & {
  stationSlug: string;
  stationName: string;
};

const SORT_COLUMNS = {
  createdAt: 'stationProfiles.createdAt',
  displayName: 'stationProfiles.displayName',
} as const;

/** Profiles with their station's slug and name, in the caller's organisation and stations. */
function profilesOf(db: Db, caller: Caller) {
  let query = db
    .selectFrom('stationProfiles')
    .innerJoin('stations', 'stations.id', 'stationProfiles.stationId')
    .where('stationProfiles.organizationId', '=', caller.organizationId);
  if (caller.stationIds !== 'all') {
    const ids = caller.stationIds;
    query = ids.length
      ? query.where('stationProfiles.stationId', 'in', [...ids])
      : query.where('stationProfiles.id', '<', 0);
  }
  return query;
}

/**
 * One page (`page` from 0) of the profiles the caller sees; served by the
 * `(organization_id, created_at desc, id desc)` index for the default sort.
 */
export async function listStationProfiles(
  db: Db,
  caller: Caller,
  query: Pick<TStationProfileListQuery, 'isPublished' | 'sort' | 'page' | 'limit'>,
): Promise<{ rows: StationProfileRow[]; count: number; approximate: boolean }> {
  let base = profilesOf(db, caller);
  if (query.isPublished !== undefined)
    base = base.where('stationProfiles.isPublished', '=', query.isPublished ? 1 : 0);
  const column = SORT_COLUMNS[query.sort.field];
  const rows = await base
    .selectAll('stationProfiles')
    .select(['stations.slug as stationSlug', 'stations.name as stationName'])
    .orderBy(column, query.sort.direction)
    .orderBy('stationProfiles.id', query.sort.direction)
    .limit(query.limit)
    .offset(query.page * query.limit)
    .execute();
  const { count, approximate } = await countCapped(db, base.select('stationProfiles.id'));
  return { rows, count, approximate };
}

/** The profile of a station (already checked visible), or undefined when it has none yet. */
export function findStationProfile(db: Db, stationId: number): Promise<StationProfileRow | undefined> {
  return db
    .selectFrom('stationProfiles')
    .innerJoin('stations', 'stations.id', 'stationProfiles.stationId')
    .selectAll('stationProfiles')
    .select(['stations.slug as stationSlug', 'stations.name as stationName'])
    .where('stationProfiles.stationId', '=', stationId)
    .executeTakeFirst();
}

export async function insertStationProfile(
  db: Db,
  values: Insertable<StationProfilesTable>,
): Promise<number> {
  const row = await db.insertInto('stationProfiles').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Updates the profile if it still has `expectedUpdatedAt`; true when the row changed. */
export async function updateStationProfile(
  db: Db,
  id: number,
  expectedUpdatedAt: number,
  values: Updateable<StationProfilesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('stationProfiles')
    .set(values)
    .where('id', '=', id)
    .where('updatedAt', '=', expectedUpdatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
