import {
  EARTH_RADIUS_METRES,
  haversineMetres,
  type TNearbyStation,
  type TNearbyStations,
  type TStation,
  type TStationList,
  type TStationListQuery,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { pageCount } from '../../db/paging';
import type { Caller } from '../../http/caller';
import { notFound } from '../../lib/app-error';
import { findStationBySlug } from '../../lib/scope/scope.repository';
import { presentStation } from './stations.presenter';
import { listStations, stationsInBox } from './stations.repository';

export async function getStationList(
  db: Db,
  caller: Caller,
  query: TStationListQuery,
): Promise<TStationList> {
  const { rows, count, approximate } = await listStations(db, caller, query);
  return {
    count,
    pages: pageCount(count, query.limit),
    ...(approximate ? { approximate } : {}),
    results: rows.map(presentStation),
  };
}

/** One station the caller may see; another organisation's (or an unknown) slug is a 404. */
export async function getStation(db: Db, caller: Caller, slug: string): Promise<TStation> {
  const row = await findStationBySlug(db, caller, slug);
  if (!row) throw notFound('Station');
  return presentStation(row);
}

/** Metres in one degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_METRES;

/**
 * The stations the caller sees nearest to the station `slug` (404 when it is not one the caller
 * sees), at most `limit`, within `radiusKm`, by great-circle distance. The database narrows to a
 * box around the station and a few more candidates than asked (the flat estimate it orders by
 * can swap close neighbours); the haversine distance decides.
 */
export async function getNearbyStations(
  db: Db,
  caller: Caller,
  slug: string,
  query: { limit: number; radiusKm: number },
): Promise<TNearbyStations> {
  const station = await findStationBySlug(db, caller, slug);
  if (!station) throw notFound('Station');
  const origin = { lat: station.lat, lng: station.lng };
  const radius = query.radiusKm * 1000;
  const latDelta = radius / METRES_PER_DEGREE;
  const cosLat = Math.max(Math.cos((origin.lat * Math.PI) / 180), 0.01);
  const lngDelta = Math.min(180, latDelta / cosLat);
  const candidates = await stationsInBox(db, caller, {
    origin,
    latDelta,
    lngDelta,
    cosLat,
    excludeId: station.id,
    limit: query.limit * 4,
  });
  const results = candidates
    .map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      city: row.city,
      status: row.status as TNearbyStation['status'],
      lat: row.lat,
      lng: row.lng,
      distanceMetres: Math.round(haversineMetres(origin, row)),
    }))
    .filter((row) => row.distanceMetres <= radius)
    .sort((a, b) => a.distanceMetres - b.distanceMetres || a.id - b.id)
    .slice(0, query.limit);
  return { radiusKm: query.radiusKm, results };
}
