import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti, zQueryBoolean } from '../list';
import { ZId, ZIsoDateTime } from './scalars';

/** A star rating, 1 to 5. */
export const ZRating = z.number().int().min(1).max(5);

/** A customer's review of a station, with the station's optional public reply. */
export const ZStationReview = z.object({
  id: ZId,
  stationId: ZId,
  authorName: z.string(),
  rating: ZRating,
  title: z.string(),
  body: z.string(),
  reply: z.string().nullable(),
  repliedAt: ZIsoDateTime.nullable(),
  createdAt: ZIsoDateTime,
});
export type TStationReview = z.infer<typeof ZStationReview>;

/** Body of the station's reply to a review; replying again replaces it. */
export const ZStationReviewReply = z.object({
  reply: z.string().trim().min(1).max(2000),
});
export type TStationReviewReply = z.infer<typeof ZStationReviewReply>;

/** Sortable fields; newest first by default (spec §9). */
export const STATION_REVIEW_SORTS = ['createdAt', 'rating'] as const;

/** `GET /api/stations/:slug/reviews` query: 10 per page, pages counted from 1, `-createdAt` (spec §9). */
export const ZStationReviewListQuery = zListQuery({
  ...LIST_DEFAULTS.stationReviews,
  sortable: STATION_REVIEW_SORTS,
  sort: '-createdAt',
}).extend({
  rating: zMulti(z.coerce.number().pipe(ZRating)).optional(),
  /** Only reviews with (true) or without (false) a reply. */
  replied: zQueryBoolean.optional(),
});
export type TStationReviewListQuery = z.infer<typeof ZStationReviewListQuery>;

/** A page of station reviews. */
export const ZStationReviewList = zListResponse(ZStationReview);
export type TStationReviewList = z.infer<typeof ZStationReviewList>;
