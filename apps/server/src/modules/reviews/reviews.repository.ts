import type { TStationReviewListQuery } from '@forecourt/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/paging';
import type { StationReviewsTable } from '../../db/schema';

export type StationReviewRow = Selectable<StationReviewsTable>;

const SORT_COLUMNS = { createdAt: 'createdAt', rating: 'rating' } as const;

export type ReviewFilters = Pick<TStationReviewListQuery, 'rating' | 'replied'>;

function reviewsOfStation(db: Db, stationId: number, filters: ReviewFilters) {
  let query = db.selectFrom('stationReviews').where('stationId', '=', stationId);
  if (filters.rating?.length) query = query.where('rating', 'in', [...new Set(filters.rating)]);
  if (filters.replied === true) query = query.where('reply', 'is not', null);
  if (filters.replied === false) query = query.where('reply', 'is', null);
  return query;
}

/**
 * One page of a station's reviews: `page` counts from 1. The default sort is served by
 * the `(station_id, created_at desc, id desc)` index.
 */
export async function listStationReviews(
  db: Db,
  stationId: number,
  query: Pick<TStationReviewListQuery, 'rating' | 'replied' | 'sort' | 'page' | 'limit'>,
): Promise<{ rows: StationReviewRow[]; count: number; approximate: boolean }> {
  const base = reviewsOfStation(db, stationId, query);
  const rows = await base
    .selectAll()
    .orderBy(SORT_COLUMNS[query.sort.field], query.sort.direction)
    .orderBy('id', query.sort.direction)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const { count, approximate } = await countCapped(db, base.select('id'));
  return { rows, count, approximate };
}

/**
 * Reviews per star of one station: one grouped aggregate over the station's range of the
 * `station_id` index (a station has hundreds of reviews, not millions), exact on every request.
 */
export async function ratingCounts(db: Db, stationId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('stationReviews')
    .select(['rating', (eb) => eb.fn.countAll().as('count')])
    .where('stationId', '=', stationId)
    .groupBy('rating')
    .execute();
  return new Map(rows.map((row) => [Number(row.rating), Number(row.count)]));
}

export function findStationReview(
  db: Db,
  stationId: number,
  id: number,
): Promise<StationReviewRow | undefined> {
  return db
    .selectFrom('stationReviews')
    .selectAll()
    .where('stationId', '=', stationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertStationReview(db: Db, values: Insertable<StationReviewsTable>): Promise<number> {
  const row = await db.insertInto('stationReviews').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setReviewReply(db: Db, id: number, reply: string, at: number): Promise<void> {
  await db
    .updateTable('stationReviews')
    .set({ reply, repliedAt: at, updatedAt: at })
    .where('id', '=', id)
    .execute();
}
