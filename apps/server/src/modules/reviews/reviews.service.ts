import type {
  TStationReviewDetail,
  TStationReviewListQuery,
  TStationReviewPage,
  TStationReviewReply,
  ZStationReviewCreate,
} from '@forecourt/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { pageCount } from '../../db/paging';
import type { StationRow } from '../../db/schema';
import type { Caller } from '../../http/caller';
import { notFound } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { stationScope } from '../../lib/scope/scope';
import { auditTrail, recordAudit } from '../audit/audit';
import { presentReview, presentSummary } from './reviews.presenter';
import {
  findStationReview,
  insertStationReview,
  listStationReviews,
  ratingCounts,
  setReviewReply,
} from './reviews.repository';

/** The audit kind of a review (`station_review:<id>`). */
export const REVIEW_AUDIT_KIND = 'station_review';

export type ReviewsDeps = { db: Db; now: () => number; events: DomainEventBus };

/** A page of the station's reviews (from page 1) with the rating summary of all its reviews. */
export async function listReviews(
  db: Db,
  caller: Caller,
  slug: string,
  query: TStationReviewListQuery,
): Promise<TStationReviewPage> {
  const { station } = await stationScope(db, caller, slug);
  const [{ rows, count, approximate }, counts] = await Promise.all([
    listStationReviews(db, station.id, query),
    ratingCounts(db, station.id),
  ]);
  return {
    count,
    pages: pageCount(count, query.limit),
    ...(approximate ? { approximate: true } : {}),
    results: rows.map(presentReview),
    summary: presentSummary(counts),
  };
}

/** One page of rows for the CSV export (no summary). */
export async function reviewRowsForCsv(
  db: Db,
  station: StationRow,
  query: TStationReviewListQuery,
): Promise<ReturnType<typeof presentReview>[]> {
  const { rows } = await listStationReviews(db, station.id, query);
  return rows.map(presentReview);
}

/** One review of the station with its audit trail (404 for another station's or organisation's). */
export async function getReview(
  db: Db,
  caller: Caller,
  slug: string,
  id: number,
): Promise<TStationReviewDetail> {
  const { station } = await stationScope(db, caller, slug);
  return reviewDetail(db, caller, station.id, id);
}

async function reviewDetail(
  db: Db,
  caller: Caller,
  stationId: number,
  id: number,
): Promise<TStationReviewDetail> {
  const row = await findStationReview(db, stationId, id);
  if (!row) throw notFound('Review');
  return {
    ...presentReview(row),
    audit: await auditTrail(db, caller.organizationId, REVIEW_AUDIT_KIND, id),
  };
}

/** The station's public reply; replying again replaces it (audited with the previous text). */
export async function replyToReview(
  deps: ReviewsDeps,
  caller: Caller,
  slug: string,
  id: number,
  body: TStationReviewReply,
): Promise<TStationReviewDetail> {
  const { station } = await stationScope(deps.db, caller, slug);
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await findStationReview(trx, station.id, id);
    if (!row) throw notFound('Review');
    if (row.reply === body.reply) return;
    await setReviewReply(trx, id, body.reply, at);
    await recordAudit(trx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: row.reply === null ? 'station_review.replied' : 'station_review.reply_edited',
      kind: REVIEW_AUDIT_KIND,
      id,
      data:
        row.reply === null
          ? { reply: body.reply }
          : { changes: { reply: { from: row.reply, to: body.reply } } },
      at,
    });
  });
  return reviewDetail(deps.db, caller, station.id, id);
}

/** Records a customer's review at the station; publishes `review.posted` once committed. */
export async function postReview(
  deps: ReviewsDeps,
  caller: Caller,
  slug: string,
  body: z.output<typeof ZStationReviewCreate>,
): Promise<TStationReviewDetail> {
  const { station } = await stationScope(deps.db, caller, slug);
  const at = deps.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    const created = await insertStationReview(trx, {
      organizationId: caller.organizationId,
      stationId: station.id,
      authorName: body.authorName,
      rating: body.rating,
      title: body.title,
      body: body.body,
      reply: null,
      repliedAt: null,
      createdAt: at,
      updatedAt: at,
    });
    await recordAudit(trx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'station_review.posted',
      kind: REVIEW_AUDIT_KIND,
      id: created,
      data: { rating: body.rating, authorName: body.authorName },
      at,
    });
    return created;
  });
  deps.events.publish({
    type: 'review.posted',
    organizationId: caller.organizationId,
    actorUserId: caller.userId,
    at,
    reviewId: id,
    stationId: station.id,
    stationName: station.name,
    rating: body.rating,
    authorName: body.authorName,
  });
  return reviewDetail(deps.db, caller, station.id, id);
}
