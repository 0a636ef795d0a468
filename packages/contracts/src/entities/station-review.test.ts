import { describe, expect, it } from 'vitest';
import {
  ZStationReview,
  ZStationReviewCreate,
  ZStationReviewList,
  ZStationReviewListQuery,
  ZStationReviewReply,
} from './station-review';

const review = {
  id: 1,
  stationId: 7,
  authorName: 'Priya',
  rating: 4,
  title: 'Quick service',
  body: 'Air pump worked, staff polite.',
  reply: null,
  repliedAt: null,
  createdAt: '2024-03-10T10:00:00.000Z',
};

describe('ZStationReview', () => {
  it('parses the wire shape', () => {
    expect(ZStationReview.parse(review)).toEqual(review);
  });

  it('takes whole ratings from 1 to 5 only', () => {
    expect(ZStationReview.safeParse({ ...review, rating: 1 }).success).toBe(true);
    expect(ZStationReview.safeParse({ ...review, rating: 5 }).success).toBe(true);
    for (const bad of [0, 6, 4.5])
      expect(ZStationReview.safeParse({ ...review, rating: bad }).success).toBe(false);
  });

  it('wraps a page', () => {
    expect(ZStationReviewList.safeParse({ count: 1, pages: 1, results: [review] }).success).toBe(true);
  });
});

describe('ZStationReviewReply', () => {
  it('takes a trimmed, non-empty reply', () => {
    expect(ZStationReviewReply.parse({ reply: ' Thank you! ' })).toEqual({ reply: 'Thank you!' });
    expect(ZStationReviewReply.safeParse({ reply: '   ' }).success).toBe(false);
    expect(ZStationReviewReply.safeParse({ reply: 'x'.repeat(2001) }).success).toBe(false);
  });
});

describe('ZStationReviewListQuery', () => {
  it('defaults to 10 per page, starting at page 1, sort -createdAt', () => {
    expect(ZStationReviewListQuery.parse({})).toEqual({
      page: 1,
      limit: 10,
      sort: { field: 'createdAt', direction: 'desc' },
    });
  });

  it('has no page 0', () => {
    expect(ZStationReviewListQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ZStationReviewListQuery.parse({ page: '3' }).page).toBe(3);
  });

  it('filters by rating and by whether there is a reply', () => {
    expect(ZStationReviewListQuery.parse({ rating: '1,2', replied: 'false' })).toMatchObject({
      rating: [1, 2],
      replied: false,
    });
    expect(ZStationReviewListQuery.safeParse({ rating: '6' }).success).toBe(false);
    expect(ZStationReviewListQuery.safeParse({ rating: 'five' }).success).toBe(false);
  });
});

describe('ZStationReviewCreate', () => {
  it('needs an author and a rating; title and body default to empty', () => {
    expect(ZStationReviewCreate.parse({ authorName: ' Ravi ', rating: 5 })).toEqual({
      authorName: 'Ravi',
      rating: 5,
      title: '',
      body: '',
    });
    expect(ZStationReviewCreate.safeParse({ authorName: '', rating: 5 }).success).toBe(false);
    expect(ZStationReviewCreate.safeParse({ authorName: 'Ravi', rating: 6 }).success).toBe(false);
  });
});
