import {
  type TStationReviewDetail,
  type TStationReviewPage,
  ZStationReviewDetail,
  ZStationReviewPage,
} from '@forecourt/contracts';
import { http } from '../../lib/http';
import { encodeQuery, type TQueryRecord } from '../../lib/query-string';

const reviewsPath = (slug: string) => `/api/stations/${encodeURIComponent(slug)}/reviews`;

/** GET /api/stations/:slug/reviews: one page (counted from 1) and the rating summary. */
export function fetchReviews(
  slug: string,
  params: TQueryRecord,
  signal?: AbortSignal,
): Promise<TStationReviewPage> {
  return http.get(reviewsPath(slug), { query: params, signal, schema: ZStationReviewPage });
}

/** GET …/reviews/:id: one review with its audit trail. */
export function fetchReview(slug: string, id: number, signal?: AbortSignal): Promise<TStationReviewDetail> {
  return http.get(`${reviewsPath(slug)}/${id}`, { signal, schema: ZStationReviewDetail });
}

/** POST …/reviews/:id/reply: the station's reply (replaces an earlier one). */
export function replyToReview(slug: string, id: number, reply: string): Promise<TStationReviewDetail> {
  return http.post(`${reviewsPath(slug)}/${id}/reply`, { body: { reply }, schema: ZStationReviewDetail });
}

export function reviewsCsvUrl(slug: string, params: TQueryRecord): string {
  return `${reviewsPath(slug)}?${encodeQuery({ ...params, page: undefined, format: 'csv' })}`;
}
