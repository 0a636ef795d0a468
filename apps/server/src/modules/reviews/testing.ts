import type { Db } from '../../db/database';

/** Inserts reviews of a station (test fixtures); returns their ids in order. */
export async function insertReviews(
  db: Db,
  rows: {
    organizationId: number;
    stationId: number;
    rating: number;
    createdAt: number;
    authorName?: string;
    title?: string;
    body?: string;
    reply?: string | null;
  }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) {
    const inserted = await db
      .insertInto('stationReviews')
      .values({
        organizationId: row.organizationId,
        stationId: row.stationId,
        authorName: row.authorName ?? 'Test Customer',
        rating: row.rating,
        title: row.title ?? `Rated ${row.rating}`,
        body: row.body ?? 'Fine.',
        reply: row.reply ?? null,
        repliedAt: row.reply ? row.createdAt + 60_000 : null,
        createdAt: row.createdAt,
        updatedAt: row.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(inserted.id);
  }
  return ids;
}
