import type { Db } from '../../db/database';
import type { HomePagesTable, SavedViewsTable } from '../../db/schema';
import type { Caller } from '../../http/caller';
import { stationsVisibleTo } from '../../lib/scope/scope.repository';

/** Whose rows: every read and write of this module is the caller's own, in their organisation. */
export type Owner = { organizationId: number; userId: number };

export type SavedViewRow = Omit<SavedViewsTable, 'id'> & { id: number };

/** The owner's views, of one list or all, by list then name. */
export function listSavedViews(db: Db, owner: Owner, list?: string): Promise<SavedViewRow[]> {
  let query = db
    .selectFrom('savedViews')
    .selectAll()
    .where('organizationId', '=', owner.organizationId)
    .where('userId', '=', owner.userId);
  if (list !== undefined) query = query.where('list', '=', list);
  return query.orderBy('list').orderBy('nameKey').execute();
}

export function findSavedView(db: Db, owner: Owner, id: number): Promise<SavedViewRow | undefined> {
  return db
    .selectFrom('savedViews')
    .selectAll()
    .where('organizationId', '=', owner.organizationId)
    .where('userId', '=', owner.userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countSavedViews(db: Db, owner: Owner): Promise<number> {
  const row = await db
    .selectFrom('savedViews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organizationId', '=', owner.organizationId)
    .where('userId', '=', owner.userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True when the owner has another view of `list` with this name key. */
export async function savedViewNameTaken(
  db: Db,
  owner: Owner,
  list: string,
  nameKey: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('savedViews')
    .select('id')
    .where('organizationId', '=', owner.organizationId)
    .where('userId', '=', owner.userId)
    .where('list', '=', list)
    .where('nameKey', '=', nameKey);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertSavedView(
  db: Db,
  values: Owner & { list: string; name: string; nameKey: string; search: string; now: number },
): Promise<SavedViewRow> {
  const { now, ...rest } = values;
  return db
    .insertInto('savedViews')
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSavedView(
  db: Db,
  owner: Owner,
  id: number,
  patch: { name?: string; nameKey?: string; search?: string; now: number },
): Promise<SavedViewRow | undefined> {
  const { now, ...changes } = patch;
  return db
    .updateTable('savedViews')
    .set({ ...changes, updatedAt: now })
    .where('organizationId', '=', owner.organizationId)
    .where('userId', '=', owner.userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the view (a home page chosen on it goes with it); false when the owner has none of that id. */
export async function deleteSavedView(db: Db, owner: Owner, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('savedViews')
    .where('organizationId', '=', owner.organizationId)
    .where('userId', '=', owner.userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type StationPinRow = {
  stationId: number;
  slug: string;
  name: string;
  city: string;
  state: string;
  status: string;
  pinnedAt: number;
};

/** The caller's pinned stations that they still see, oldest pin first. */
export function listStationPins(db: Db, caller: Caller): Promise<StationPinRow[]> {
  return db
    .selectFrom('stationPins')
    .innerJoin('stations', 'stations.id', 'stationPins.stationId')
    .where('stationPins.organizationId', '=', caller.organizationId)
    .where('stationPins.userId', '=', caller.userId)
    .where(stationsVisibleTo(caller))
    .select([
      'stations.id as stationId',
      'stations.slug',
      'stations.name',
      'stations.city',
      'stations.state',
      'stations.status',
      'stationPins.createdAt as pinnedAt',
    ])
    .orderBy('stationPins.createdAt')
    .orderBy('stations.id')
    .execute();
}

export async function countStationPins(db: Db, owner: Owner): Promise<number> {
  const row = await db
    .selectFrom('stationPins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organizationId', '=', owner.organizationId)
    .where('userId', '=', owner.userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Pins the station; pinning it again changes nothing. */
export async function insertStationPin(db: Db, owner: Owner, stationId: number, now: number): Promise<void> {
  await db
    .insertInto('stationPins')
    .values({ ...owner, stationId, createdAt: now })
    .onConflict((oc) => oc.columns(['organizationId', 'userId', 'stationId']).doNothing())
    .execute();
}

export async function deleteStationPin(db: Db, owner: Owner, stationId: number): Promise<void> {
  await db
    .deleteFrom('stationPins')
    .where('organizationId', '=', owner.organizationId)
    .where('userId', '=', owner.userId)
    .where('stationId', '=', stationId)
    .execute();
}

export type HomePageRow = Pick<HomePagesTable, 'kind' | 'stationId' | 'viewId'>;

export function findHomePage(db: Db, owner: Owner): Promise<HomePageRow | undefined> {
  return db
    .selectFrom('homePages')
    .select(['kind', 'stationId', 'viewId'])
    .where('organizationId', '=', owner.organizationId)
    .where('userId', '=', owner.userId)
    .executeTakeFirst();
}

/** Sets the owner's home page; `null` goes back to the rule of their role. */
export async function saveHomePage(
  db: Db,
  owner: Owner,
  home: HomePageRow | null,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('homePages')
      .where('organizationId', '=', owner.organizationId)
      .where('userId', '=', owner.userId)
      .execute();
    if (home)
      await trx
        .insertInto('homePages')
        .values({ ...owner, ...home, updatedAt: now })
        .execute();
  });
}

/** A station the caller sees, by id (for the home page). */
export function findVisibleStationById(
  db: Db,
  caller: Caller,
  stationId: number,
): Promise<{ id: number; slug: string; name: string } | undefined> {
  return db
    .selectFrom('stations')
    .select(['id', 'slug', 'name'])
    .where(stationsVisibleTo(caller))
    .where('id', '=', stationId)
    .executeTakeFirst();
}

/** The first two stations the caller sees, by name: enough to tell "exactly one" from "several". */
export function firstVisibleStations(db: Db, caller: Caller): Promise<{ id: number; slug: string }[]> {
  return db
    .selectFrom('stations')
    .select(['id', 'slug'])
    .where(stationsVisibleTo(caller))
    .orderBy('name')
    .orderBy('id')
    .limit(2)
    .execute();
}
