import type { TStation, TStationList, TStationListQuery } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { pageCount } from '../../db/paging';
import type { Caller } from '../../http/caller';
import { notFound } from '../../lib/app-error';
import { presentStation } from './stations.presenter';
import { findStationBySlug, listStations } from './stations.repository';

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
