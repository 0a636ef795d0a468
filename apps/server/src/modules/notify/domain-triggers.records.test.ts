import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../lib/domain-events';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createSignedInUser, createStation } from '../../test/factories';
import {
  ACCESS_REQUEST_CREATED_WORKFLOW,
  ACCESS_REQUEST_DECIDED_WORKFLOW,
  CARD_ACTIVATION_DECIDED_WORKFLOW,
  CARD_ACTIVATION_REQUESTED_WORKFLOW,
  REVIEW_POSTED_WORKFLOW,
  SETTLEMENT_READY_WORKFLOW,
} from './domain-workflows';
import { createNotifyFixture, type NotifyFixture } from './testing';

type Message = { content: string; cta: { data: { url?: string } }; templateIdentifier?: string };

/**
 * The events of the records (access requests, card activations, settlements, reviews)
 * reach the right people through their seeded workflows. The events are published on the bus as
 * the record modules publish them after their commit.
 */
describe('record domain events → notifications', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let other: NotifyFixture;
  let station: { id: number; name: string; slug: string };
  let admin2: { id: number };
  let member: { id: number };
  let memberElsewhere: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    other = await createNotifyFixture(t);
    const db = t.database.db;
    station = await createStation(db, f.organization.id, { name: 'Kappa Fuels' });
    const elsewhere = await createStation(db, f.organization.id);
    const org = { organizationId: f.organization.id };
    admin2 = (await createSignedInUser(db, { ...org, role: 'admin' })).user;
    member = (await createSignedInUser(db, { ...org, role: 'member', stationIds: [station.id] })).user;
    memberElsewhere = (await createSignedInUser(db, { ...org, role: 'member', stationIds: [elsewhere.id] }))
      .user;
  });

  afterAll(async () => {
    await t.close();
  });

  const publish = async (event: DomainEvent) => {
    t.app.domainEvents.publish(event);
    await t.app.domainEvents.drain();
    await t.app.notify.queue.drain();
  };

  /** Subscriber ids that got a message of the transaction, and the messages of one of them. */
  const recipients = async (transactionId: string) => {
    const rows = await t.database.db
      .selectFrom('notifyMessages as m')
      .innerJoin('notifySubscribers as s', 's.id', 'm.subscriberId')
      .select(['s.subscriberId', 'm.templateIdentifier'])
      .where('m.transactionId', '=', transactionId)
      .execute();
    return {
      ids: rows.map((row) => Number(row.subscriberId)).sort((a, b) => a - b),
      workflows: new Set(rows.map((row) => row.templateIdentifier)),
    };
  };
  const messageOf = async (userId: number, transactionId: string) =>
    (await f.v1('GET', `/v1/messages?subscriberId=${userId}&transactionId=${transactionId}&limit=10`)).json()
      .data[0] as Message | undefined;
  const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);
  const base = () => ({ organizationId: f.organization.id, at: t.clock.now() });

  it('an access request reaches the admins; the decision reaches only the requester', async () => {
    await publish({
      type: 'access_request.created',
      ...base(),
      actorUserId: member.id,
      requestId: 41,
      stationId: station.id,
      stationName: station.name,
      requesterUserId: member.id,
      requesterName: 'Meena Iyer',
    });
    const created = await recipients('access-request-created-41');
    expect(created.ids).toEqual(sorted(f.admin.user.id, admin2.id));
    expect(created.workflows).toEqual(new Set([ACCESS_REQUEST_CREATED_WORKFLOW]));
    const asked = await messageOf(f.admin.user.id, 'access-request-created-41');
    expect(asked?.content).toContain('Meena Iyer asked for access to Kappa Fuels');
    expect(asked?.cta.data.url).toBe('/access-requests');

    await publish({
      type: 'access_request.decided',
      ...base(),
      actorUserId: f.admin.user.id,
      requestId: 41,
      stationId: station.id,
      stationName: station.name,
      requesterUserId: member.id,
      decision: 'rejected',
      reason: 'Not your station',
    });
    const decided = await recipients('access-request-decided-41');
    expect(decided.ids).toEqual([member.id]);
    expect(decided.workflows).toEqual(new Set([ACCESS_REQUEST_DECIDED_WORKFLOW]));
    const told = await messageOf(member.id, 'access-request-decided-41');
    expect(told?.content).toContain('Your access to Kappa Fuels was rejected');
    expect(told?.content).toContain('Not your station');
  });

  it('card activations reach the admins other than the one who acted', async () => {
    await publish({
      type: 'card_activation.requested',
      ...base(),
      actorUserId: null,
      requestId: 7,
      cardId: 70,
      maskedNumber: '•••• •••• •••• 4321',
      requestedBy: 'Fleet desk',
    });
    expect((await recipients('card-activation-requested-7')).ids).toEqual(sorted(f.admin.user.id, admin2.id));
    await publish({
      type: 'card_activation.decided',
      ...base(),
      actorUserId: f.admin.user.id,
      requestId: 7,
      cardId: 70,
      maskedNumber: '•••• •••• •••• 4321',
      decision: 'approved',
      reason: null,
    });
    const decided = await recipients('card-activation-decided-7');
    expect(decided.ids).toEqual([admin2.id]);
    expect(decided.workflows).toEqual(new Set([CARD_ACTIVATION_DECIDED_WORKFLOW]));
    const message = await messageOf(admin2.id, 'card-activation-decided-7');
    expect(message?.content).toContain('Card •••• •••• •••• 4321: activation approved');
    expect(message?.cta.data.url).toBe('/cards/70');
    expect((await recipients('card-activation-requested-7')).workflows).toEqual(
      new Set([CARD_ACTIVATION_REQUESTED_WORKFLOW]),
    );
  });

  it('a settlement and a review reach those who see the station', async () => {
    await publish({
      type: 'settlement.ready',
      ...base(),
      actorUserId: f.admin.user.id,
      settlementId: 9,
      programSlug: 'fuel-rewards',
      stationId: station.id,
      stationName: station.name,
      netPaise: 12_345_678,
      periodStart: Date.UTC(2026, 9, 1),
      periodEnd: Date.UTC(2026, 9, 31),
    });
    const settled = await recipients('settlement-ready-9');
    expect(settled.ids).toEqual(sorted(admin2.id, member.id));
    expect(settled.ids).not.toContain(memberElsewhere.id);
    expect(settled.workflows).toEqual(new Set([SETTLEMENT_READY_WORKFLOW]));
    const statement = await messageOf(member.id, 'settlement-ready-9');
    expect(statement?.content).toContain('Settlement for Kappa Fuels is ready');
    expect(statement?.content).toContain('1,23,456.78');
    expect(statement?.cta.data.url).toBe('/loyalty/fuel-rewards/settlements/9');

    await publish({
      type: 'review.posted',
      ...base(),
      actorUserId: null,
      reviewId: 5,
      stationId: station.id,
      stationName: station.name,
      rating: 2,
      authorName: 'Ravi',
    });
    const reviewed = await recipients('review-posted-5');
    expect(reviewed.ids).toEqual(sorted(f.admin.user.id, admin2.id, member.id));
    expect(reviewed.workflows).toEqual(new Set([REVIEW_POSTED_WORKFLOW]));
    const review = await messageOf(member.id, 'review-posted-5');
    expect(review?.content).toContain('New 2-star review of Kappa Fuels');
    expect(review?.cta.data.url).toBe(`/stations/${station.slug}/reviews`);
  });

  it('a repeated event has one effect, and another organisation hears nothing', async () => {
    await publish({
      type: 'review.posted',
      ...base(),
      actorUserId: null,
      reviewId: 5,
      stationId: station.id,
      stationName: station.name,
      rating: 2,
      authorName: 'Ravi',
    });
    expect((await recipients('review-posted-5')).ids).toHaveLength(3);
    const foreign = await other.v1('GET', `/v1/messages?subscriberId=${other.admin.user.id}&limit=100`);
    expect(foreign.json().data).toEqual([]);
  });
});
