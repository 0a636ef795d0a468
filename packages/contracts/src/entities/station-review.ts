import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti, zQueryBoolean } from '../list';
import { ZAuditTrail } from './audit';
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

/** Sortable fields; newest first by default. */
export const STATION_REVIEW_SORTS = ['createdAt', 'rating'] as const;

/** `GET /api/stations/:slug/reviews` query: 10 per page, pages counted from 1, `-createdAt`. */
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

/**
 * The station's ratings over all its reviews (filters do not change it): the average (null
 * without reviews), the count and the count per star, 5 stars first.
 */
export const ZRatingSummary = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  perStar: z.array(z.object({ rating: ZRating, count: z.number().int() })).length(5),
});
export type TRatingSummary = z.infer<typeof ZRatingSummary>;

/** A page of station reviews. */
export const ZStationReviewList = zListResponse(ZStationReview);
export type TStationReviewList = z.infer<typeof ZStationReviewList>;

/** `GET /api/stations/:slug/reviews`: a page (counted from 1) and the station's rating summary. */
export const ZStationReviewPage = ZStationReviewList.extend({ summary: ZRatingSummary });
export type TStationReviewPage = z.infer<typeof ZStationReviewPage>;

/** A review with its audit trail (answer of the writes). */
export const ZStationReviewDetail = ZStationReview.extend({ audit: ZAuditTrail });
export type TStationReviewDetail = z.infer<typeof ZStationReviewDetail>;

/** `POST /api/stations/:slug/reviews`: a customer's review recorded at the station (e.g. a counter tablet). */
export const ZStationReviewCreate = z.object({
  authorName: z.string().trim().min(1).max(120),
  rating: ZRating,
  title: z.string().trim().max(200).default(''),
  body: z.string().trim().max(5000).default(''),
});
export type TStationReviewCreate = z.input<typeof ZStationReviewCreate>;

/** Path of a review under its station. */
export const ZStationReviewParams = z.object({
  slug: z.string().min(1).max(200),
  id: z.coerce.number().int().positive(),
});
