import {
  type TStationReview,
  ZApiError,
  ZStationReviewCreate,
  ZStationReviewDetail,
  ZStationReviewListQuery,
  ZStationReviewPage,
  ZStationReviewParams,
  ZStationReviewReply,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../http/caller';
import { CSV_BATCH, type CsvColumn, sendCsv, wantsCsv } from '../../http/csv-export';
import { stationScope } from '../../lib/scope/scope';
import {
  getReview,
  listReviews,
  postReview,
  type ReviewsDeps,
  replyToReview,
  reviewRowsForCsv,
} from './reviews.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZSlugParams = z.object({ slug: z.string().min(1).max(200) });

const CSV_COLUMNS: CsvColumn<TStationReview>[] = [
  { key: 'createdAt', value: (row) => row.createdAt },
  { key: 'author', value: (row) => row.authorName },
  { key: 'rating', value: (row) => row.rating },
  { key: 'title', value: (row) => row.title },
  { key: 'body', value: (row) => row.body },
  { key: 'reply', value: (row) => row.reply },
  { key: 'repliedAt', value: (row) => row.repliedAt },
];

/** `/api/stations/:slug/reviews`: customer reviews, the rating summary and the station's replies. */
export function reviewsRoutes(deps: ReviewsDeps): FastifyPluginAsyncZod {
  const { db, now } = deps;
  return async (app) => {
    app.get(
      '/api/stations/:slug/reviews',
      {
        config: { grant: 'reviews:r' },
        schema: {
          tags: ['reviews'],
          summary:
            'Reviews of the station, newest first, 10 a page counted from 1, with the rating summary (format=csv exports all)',
          params: ZSlugParams,
          querystring: ZStationReviewListQuery,
          response: { 200: ZStationReviewPage, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        if (wantsCsv(request)) {
          const { station } = await stationScope(db, caller, request.params.slug);
          return sendCsv(reply, {
            name: `reviews-${station.slug}`,
            columns: CSV_COLUMNS,
            now: now(),
            fetchPage: async (cursor) => {
              const page = cursor === undefined ? 1 : Number(cursor);
              const results = await reviewRowsForCsv(db, station, {
                ...request.query,
                page,
                limit: CSV_BATCH,
              });
              return { results, ...(results.length === CSV_BATCH ? { nextCursor: String(page + 1) } : {}) };
            },
          });
        }
        return listReviews(db, caller, request.params.slug, request.query);
      },
    );

    app.post(
      '/api/stations/:slug/reviews',
      {
        config: { grant: 'reviews:c' },
        schema: {
          tags: ['reviews'],
          summary: 'Record a customer’s review (e.g. from a counter tablet); publishes review.posted',
          params: ZSlugParams,
          body: ZStationReviewCreate,
          response: { 201: ZStationReviewDetail, ...errors },
        },
      },
      async (request, reply) => {
        const detail = await postReview(deps, requireCaller(request), request.params.slug, request.body);
        return reply.status(201).send(detail);
      },
    );

    app.get(
      '/api/stations/:slug/reviews/:id',
      {
        config: { grant: 'reviews:r' },
        schema: {
          tags: ['reviews'],
          summary: 'One review with its history (audit trail)',
          params: ZStationReviewParams,
          response: { 200: ZStationReviewDetail, ...errors },
        },
      },
      (request) => getReview(db, requireCaller(request), request.params.slug, request.params.id),
    );

    app.post(
      '/api/stations/:slug/reviews/:id/reply',
      {
        config: { grant: 'reviews:u' },
        schema: {
          tags: ['reviews'],
          summary: 'The station’s public reply to a review; replying again replaces it',
          params: ZStationReviewParams,
          body: ZStationReviewReply,
          response: { 200: ZStationReviewDetail, ...errors },
        },
      },
      (request) =>
        replyToReview(deps, requireCaller(request), request.params.slug, request.params.id, request.body),
    );
  };
}
