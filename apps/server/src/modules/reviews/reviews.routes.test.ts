import type { TStationReviewDetail, TStationReviewPage } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../lib/domain-events';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { insertReviews } from './testing';

const HOUR = 3_600_000;
type Headers = Record<string, string>;

describe('station reviews', () => {
  let t: TestApp;
  let admin: { headers: Headers; user: { id: number } };
  let member: { headers: Headers };
  let otherAdmin: { headers: Headers };
  const ids = { orgA: 0, s1: 0, reviews: [] as number[], s2Review: 0, foreignReview: 0 };
  let s1 = '';
  let s2 = '';
  let empty = '';
  let foreign = '';
  const events: DomainEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const now = t.clock.now();
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    const station1 = await createStation(db, a.id, { name: 'Reviewed' });
    const station2 = await createStation(db, a.id);
    const station3 = await createStation(db, a.id);
    const other = await createStation(db, b.id);
    Object.assign(ids, { orgA: a.id, s1: station1.id });
    s1 = station1.slug;
    s2 = station2.slug;
    empty = station3.slug;
    foreign = other.slug;
    // 25 reviews at s1, an hour apart (index 0 newest): ratings cycle 5,4,3,2,1; every third replied.
    ids.reviews = await insertReviews(
      db,
      Array.from({ length: 25 }, (_, i) => ({
        organizationId: a.id,
        stationId: station1.id,
        rating: 5 - (i % 5),
        createdAt: now - (i + 1) * HOUR,
        authorName: `Customer ${i}`,
        reply: i % 3 === 0 ? 'Thanks!' : null,
      })),
    );
    [ids.s2Review = 0] = await insertReviews(db, [
      { organizationId: a.id, stationId: station2.id, rating: 1, createdAt: now - HOUR },
    ]);
    [ids.foreignReview = 0] = await insertReviews(db, [
      { organizationId: b.id, stationId: other.id, rating: 2, createdAt: now - HOUR },
    ]);
    admin = await createSignedInUser(db, { organizationId: a.id, role: 'admin' });
    member = await createSignedInUser(db, {
      organizationId: a.id,
      role: 'member',
      stationIds: [station1.id],
    });
    otherAdmin = await createSignedInUser(db, { organizationId: b.id, role: 'admin' });
    t.app.domainEvents.subscribe('review.posted', (event) => {
      events.push(event);
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'GET', url, headers });
  const list = async (slug: string, query = '', headers: Headers = admin.headers) => {
    const response = await get(`/api/stations/${slug}/reviews${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TStationReviewPage>();
  };
  const post = (url: string, payload: object, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  describe('GET /api/stations/:slug/reviews', () => {
    it('pages 10 at a time from page 1, newest first, with the rating summary', async () => {
      const first = await list(s1);
      expect(first.count).toBe(25);
      expect(first.pages).toBe(3);
      expect(first.results).toHaveLength(10);
      expect(first.results[0]?.id).toBe(ids.reviews[0]);
      const created = first.results.map((row) => Date.parse(row.createdAt));
      expect(created).toEqual([...created].sort((x, y) => y - x));
      const third = await list(s1, '?page=3');
      expect(third.results.map((row) => row.id)).toEqual(ids.reviews.slice(20));
      expect(first.summary).toEqual({
        average: 3,
        count: 25,
        perStar: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 5 })),
      });
    });

    it('rejects page 0 (pages count from 1) and a bad rating with 400', async () => {
      expect((await get(`/api/stations/${s1}/reviews?page=0`)).statusCode).toBe(400);
      expect((await get(`/api/stations/${s1}/reviews?rating=6`)).statusCode).toBe(400);
      expect((await get(`/api/stations/${s1}/reviews?sort=author`)).statusCode).toBe(400);
    });

    it('filters by rating and replied; the summary stays the station’s', async () => {
      const low = await list(s1, '?rating=1,2');
      expect(low.count).toBe(10);
      expect(low.results.every((row) => row.rating <= 2)).toBe(true);
      expect(low.summary.count).toBe(25);
      const replied = await list(s1, '?replied=true&limit=50');
      expect(replied.count).toBe(9);
      expect(replied.results.every((row) => row.reply !== null && row.repliedAt !== null)).toBe(true);
      const open = await list(s1, '?replied=false&rating=5');
      expect(open.results.every((row) => row.reply === null && row.rating === 5)).toBe(true);
      expect(open.count).toBe(3);
    });

    it('sorts by rating', async () => {
      const best = await list(s1, '?sort=-rating&limit=5');
      expect(best.results.every((row) => row.rating === 5)).toBe(true);
    });

    it('answers an empty summary for a station without reviews', async () => {
      const none = await list(empty);
      expect(none).toMatchObject({ count: 0, pages: 0, results: [] });
      expect(none.summary.average).toBeNull();
      expect(none.summary.perStar.every((star) => star.count === 0)).toBe(true);
    });

    it('is 404 for another organisation’s station or a member’s other station', async () => {
      expect((await get(`/api/stations/${foreign}/reviews`)).statusCode).toBe(404);
      expect((await get(`/api/stations/${s2}/reviews`, member.headers)).statusCode).toBe(404);
      expect((await list(s1, '', member.headers)).count).toBe(25);
    });

    it('exports every matching review as CSV', async () => {
      const response = await get(`/api/stations/${s1}/reviews?format=csv&rating=5`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const lines = response.body.trim().split('\r\n');
      expect(lines[0]).toBe('Created at (IST),Author,Rating,Title,Body,Reply,Replied at (IST)');
      expect(lines).toHaveLength(6);
      expect(lines[1]).toContain('Customer 0');
    });
  });

  describe('POST /api/stations/:slug/reviews/:id/reply', () => {
    const url = (slug: string, id: number) => `/api/stations/${slug}/reviews/${id}/reply`;

    it('sets the reply, then replaces it; both audited', async () => {
      const id = ids.reviews[1] as number;
      const first = await post(url(s1, id), { reply: '  Sorry about the wait.  ' });
      expect(first.statusCode, first.body).toBe(200);
      const replied = first.json<TStationReviewDetail>();
      expect(replied.reply).toBe('Sorry about the wait.');
      expect(replied.repliedAt).toBe(new Date(t.clock.now()).toISOString());
      expect(replied.audit.map((entry) => entry.action)).toEqual(['station_review.replied']);
      t.clock.advance(60_000);
      const edited = (await post(url(s1, id), { reply: 'We added a lane.' })).json<TStationReviewDetail>();
      expect(edited.reply).toBe('We added a lane.');
      expect(edited.audit[0]).toMatchObject({
        action: 'station_review.reply_edited',
        actor: { id: admin.user.id },
        data: { changes: { reply: { from: 'Sorry about the wait.', to: 'We added a lane.' } } },
      });
      const page = await list(s1, '?replied=true&limit=50');
      expect(page.results.find((row) => row.id === id)?.reply).toBe('We added a lane.');
    });

    it('validates the reply (400)', async () => {
      const id = ids.reviews[2] as number;
      expect((await post(url(s1, id), { reply: '   ' })).statusCode).toBe(400);
      expect((await post(url(s1, id), { reply: 'x'.repeat(2001) })).statusCode).toBe(400);
      expect((await post(url(s1, id), {})).statusCode).toBe(400);
    });

    it('is 404 for a review of another station or organisation', async () => {
      expect((await post(url(s1, ids.s2Review), { reply: 'Hi' })).statusCode).toBe(404);
      expect((await post(url(s1, ids.foreignReview), { reply: 'Hi' })).statusCode).toBe(404);
      expect((await post(url(foreign, ids.foreignReview), { reply: 'Hi' })).statusCode).toBe(404);
      expect(
        (await post(url(s1, ids.reviews[3] as number), { reply: 'Hi' }, otherAdmin.headers)).statusCode,
      ).toBe(404);
    });

    it('is 403 for a member (reviews:r only)', async () => {
      const response = await post(url(s1, ids.reviews[4] as number), { reply: 'Hi' }, member.headers);
      expect(response.statusCode).toBe(403);
    });
  });

  describe('GET /api/stations/:slug/reviews/:id', () => {
    const url = (slug: string, id: number) => `/api/stations/${slug}/reviews/${id}`;
    const get = (path: string, headers: Headers = admin.headers) =>
      t.app.inject({ method: 'GET', url: path, headers });

    it('answers the review with its history, newest first', async () => {
      const id = ids.reviews[1] as number;
      const response = await get(url(s1, id));
      expect(response.statusCode, response.body).toBe(200);
      const review = response.json<TStationReviewDetail>();
      expect(review.id).toBe(id);
      expect(review.audit.map((entry) => entry.action)).toEqual([
        'station_review.reply_edited',
        'station_review.replied',
      ]);
      expect((await get(url(s1, id), member.headers)).statusCode).toBe(200);
    });

    it('is 404 for a review of another station or organisation', async () => {
      expect((await get(url(s1, ids.s2Review))).statusCode).toBe(404);
      expect((await get(url(s1, ids.foreignReview))).statusCode).toBe(404);
      expect((await get(url(s1, ids.reviews[1] as number), otherAdmin.headers)).statusCode).toBe(404);
    });
  });

  describe('POST /api/stations/:slug/reviews', () => {
    it('records the review, audits it and publishes review.posted after commit', async () => {
      const response = await post(`/api/stations/${s1}/reviews`, {
        authorName: ' Asha ',
        rating: 4,
        title: 'Clean restrooms',
      });
      expect(response.statusCode, response.body).toBe(201);
      const review = response.json<TStationReviewDetail>();
      expect(review).toMatchObject({
        authorName: 'Asha',
        rating: 4,
        body: '',
        reply: null,
        stationId: ids.s1,
      });
      expect(review.audit.map((entry) => entry.action)).toEqual(['station_review.posted']);
      await t.app.domainEvents.drain();
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'review.posted',
          reviewId: review.id,
          stationId: ids.s1,
          stationName: 'Reviewed',
          rating: 4,
          authorName: 'Asha',
          organizationId: ids.orgA,
          actorUserId: admin.user.id,
        }),
      );
      const page = await list(s1);
      expect(page.results[0]?.id).toBe(review.id);
      expect(page.summary.count).toBe(26);
    });

    it('validates (400), is 403 for a member and 404 across organisations', async () => {
      const before = events.length;
      expect((await post(`/api/stations/${s1}/reviews`, { authorName: 'A', rating: 0 })).statusCode).toBe(
        400,
      );
      expect((await post(`/api/stations/${s1}/reviews`, { rating: 3 })).statusCode).toBe(400);
      expect(
        (await post(`/api/stations/${s1}/reviews`, { authorName: 'A', rating: 3 }, member.headers))
          .statusCode,
      ).toBe(403);
      expect(
        (await post(`/api/stations/${foreign}/reviews`, { authorName: 'A', rating: 3 })).statusCode,
      ).toBe(404);
      await t.app.domainEvents.drain();
      expect(events).toHaveLength(before);
    });
  });
});
