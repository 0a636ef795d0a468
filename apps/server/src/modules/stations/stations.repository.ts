import { fuelMask, type TStationListQuery } from '@forecourt/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { countCapped, likeContains } from '../../db/paging';
import type { NewStation, StationRow } from '../../db/schema';
import type { Caller } from '../../http/caller';
import { stationsVisibleTo as visibleTo } from '../../lib/scope/scope.repository';

const SORT_COLUMNS = { name: 'name', city: 'city', status: 'status', openedOn: 'openedOn' } as const;

export async function listStations(
  db: Db,
  caller: Caller,
  query: TStationListQuery,
): Promise<{ rows: StationRow[]; count: number; approximate: boolean }> {
  let base = db.selectFrom('stations').where(visibleTo(caller));
  if (query.q) {
    const pattern = likeContains(query.q);
    base = base.where((eb) =>
      eb.or(
        (['name', 'code', 'city', 'state'] as const).map(
          (column) => sql<boolean>`lower(${eb.ref(`stations.${column}`)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  if (query.fuelProvider?.length) base = base.where('fuelProvider', 'in', query.fuelProvider);
  if (query.status?.length) base = base.where('status', 'in', query.status);
  if (query.fuels?.length) {
    const mask = fuelMask(query.fuels);
    base = base.where(sql<boolean>`(${sql.ref('stations.fuel_mask')} & ${mask}) <> 0`);
  }

  const column = SORT_COLUMNS[query.sort.field];
  const rows = await base
    .selectAll()
    .orderBy(column, query.sort.direction)
    .orderBy('id', query.sort.direction)
    .limit(query.limit)
    .offset(query.page * query.limit)
    .execute();
  const { count, approximate } = await countCapped(db, base);
  return { rows, count, approximate };
}

/** Station slugs (unique across organisations) equal to `base` or of the form `base-…`. */
export async function stationSlugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('stations')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((row) => row.slug));
}

/** Whether the organisation already has a station with this code (compared without case). */
export async function stationCodeTaken(db: Db, organizationId: number, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('stations')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where(sql<boolean>`upper(${sql.ref('code')}) = ${code.toUpperCase()}`)
    .executeTakeFirst();
  return row !== undefined;
}

export type NewDispenser = { code: string; lane: number; make: string; installedOn: string };
export type NewNozzle = { number: number; side: 'A' | 'B'; fuel: string };

/** Inserts a station with its dispensers and their nozzles (call inside a transaction). */
export async function insertStationWithForecourt(
  trx: Db,
  station: NewStation,
  dispensers: readonly (NewDispenser & { nozzles: readonly NewNozzle[] })[],
): Promise<StationRow> {
  const row = await trx.insertInto('stations').values(station).returningAll().executeTakeFirstOrThrow();
  const stamps = {
    organizationId: row.organizationId,
    stationId: row.id,
    createdAt: station.createdAt,
    updatedAt: station.updatedAt,
  };
  for (const dispenser of dispensers) {
    const { id: dispenserId } = await trx
      .insertInto('dispensers')
      .values({
        ...stamps,
        code: dispenser.code,
        lane: dispenser.lane,
        make: dispenser.make,
        status: 'idle',
        installedOn: dispenser.installedOn,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('nozzles')
      .values(
        dispenser.nozzles.map((nozzle) => ({
          ...stamps,
          dispenserId,
          number: nozzle.number,
          side: nozzle.side,
          fuel: nozzle.fuel,
          status: 'idle',
          totalizerMilli: 0,
        })),
      )
      .execute();
  }
  return row;
}

/**
 * Stations the caller sees inside a box around `origin` (±`latDelta`, ±`lngDelta` degrees), other
 * than `excludeId`, the `limit` closest first by a flat-earth estimate (`cosLat` shrinks degrees of
 * longitude). Bounded: the box and the limit; exact distances are the caller's to compute.
 */
export async function stationsInBox(
  db: Db,
  caller: Caller,
  box: {
    origin: { lat: number; lng: number };
    latDelta: number;
    lngDelta: number;
    cosLat: number;
    excludeId: number;
    limit: number;
  },
): Promise<Pick<StationRow, 'id' | 'slug' | 'name' | 'city' | 'status' | 'lat' | 'lng'>[]> {
  const { origin, latDelta, lngDelta, cosLat } = box;
  const dLat = sql`(${sql.ref('stations.lat')} - ${origin.lat})`;
  const dLng = sql`((${sql.ref('stations.lng')} - ${origin.lng}) * ${cosLat})`;
  return db
    .selectFrom('stations')
    .where(visibleTo(caller))
    .where('id', '<>', box.excludeId)
    .where('lat', '>=', origin.lat - latDelta)
    .where('lat', '<=', origin.lat + latDelta)
    .where('lng', '>=', origin.lng - lngDelta)
    .where('lng', '<=', origin.lng + lngDelta)
    .select(['id', 'slug', 'name', 'city', 'status', 'lat', 'lng'])
    .orderBy(sql`${dLat} * ${dLat} + ${dLng} * ${dLng}`)
    .orderBy('id')
    .limit(box.limit)
    .execute();
}
