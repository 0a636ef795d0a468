import type { TRatingSummary, TStationReview } from '@forecourt/contracts';
import { isoTime } from '../../lib/iso-time';
import type { StationReviewRow } from './reviews.repository';

export function presentReview(row: StationReviewRow): TStationReview {
  return {
    id: row.id,
    stationId: row.stationId,
    authorName: row.authorName,
    rating: row.rating,
    title: row.title,
    body: row.body,
    reply: row.reply,
    repliedAt: row.repliedAt === null ? null : isoTime(row.repliedAt),
    createdAt: isoTime(row.createdAt),
  };
}

/** The summary from counts per star: average to two decimals, 5 stars first. */
export function presentSummary(counts: ReadonlyMap<number, number>): TRatingSummary {
  let count = 0;
  let total = 0;
  const perStar = [5, 4, 3, 2, 1].map((rating) => {
    const n = counts.get(rating) ?? 0;
    count += n;
    total += n * rating;
    return { rating, count: n };
  });
  return { average: count === 0 ? null : Math.round((total / count) * 100) / 100, count, perStar };
}
