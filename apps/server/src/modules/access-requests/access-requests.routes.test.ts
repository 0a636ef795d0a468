import type { TStationAccessRequestDetail, TStationAccessRequestPage } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../lib/domain-events';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;

describe('access requests', () => {
  let t: TestApp;
  let admin: Signed;
  let member: Signed;
  let other: Signed;
  let everyStation: Signed;
  let otherAdmin: Signed;
  const s = {
    a1: { id: 0, slug: '' },
    a2: { id: 0, slug: '' },
    a3: { id: 0, slug: '' },
    b1: { id: 0, slug: '' },
  };
  const events: DomainEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    s.a1 = await createStation(db, a.id, { name: 'Alpha Fuels' });
    s.a2 = await createStation(db, a.id, { name: 'Beta Fuels' });
    s.a3 = await createStation(db, a.id, { name: 'Gamma Fuels' });
    s.b1 = await createStation(db, b.id);
    admin = await createSignedInUser(db, { organizationId: a.id, role: 'admin' });
    member = await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s.a1.id] });
    other = await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s.a1.id] });
    everyStation = await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: 'all' });
    otherAdmin = await createSignedInUser(db, { organizationId: b.id, role: 'admin' });
    for (const type of ['access_request.created', 'access_request.decided'] as const) {
      t.app.domainEvents.subscribe(type, (event) => {
        events.push(event);
      });
    }
  });

  afterAll(async () => {
    await t.close();
  });

  const create = (payload: unknown, who: Signed = member) =>
    t.app.inject({
      method: 'POST',
      url: '/api/access-requests',
      headers: who.headers,
      payload: payload as object,
    });
  const decide = (id: number, payload: unknown, who: Signed = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/access-requests/${id}/decision`,
      headers: who.headers,
      payload: payload as object,
    });
  const cancel = (id: number, who: Signed = member) =>
    t.app.inject({ method: 'POST', url: `/api/access-requests/${id}/cancel`, headers: who.headers });
  const list = async (query: string, who: Signed = admin) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/access-requests${query}`,
      headers: who.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TStationAccessRequestPage>();
  };
  const station = (slug: string, who: Signed = member) =>
    t.app.inject({ method: 'GET', url: `/api/stations/${slug}`, headers: who.headers });

  it('approval gives the member the station at once, in the same token', async () => {
    expect((await station(s.a2.slug)).statusCode).toBe(404);
    const stationsBefore = await t.app.inject({
      method: 'GET',
      url: '/api/stations',
      headers: member.headers,
    });
    expect(stationsBefore.json<{ results: { id: number }[] }>().results.map((row) => row.id)).toEqual([
      s.a1.id,
    ]);

    const created = await create({ stationId: s.a2.id, message: '  I run the evening shift there ' });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json<TStationAccessRequestDetail>();
    expect(request).toMatchObject({
      stationId: s.a2.id,
      stationName: 'Beta Fuels',
      userId: member.user.id,
      status: 'pending',
      message: 'I run the evening shift there',
      reason: null,
      decidedAt: null,
    });
    expect(request.audit.map((entry) => entry.action)).toEqual(['access_request.created']);

    const approved = await decide(request.id, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const detail = approved.json<TStationAccessRequestDetail>();
    expect(detail).toMatchObject({ status: 'approved', decidedByUserId: admin.user.id, reason: null });
    expect(detail.decidedAt).not.toBeNull();
    expect(detail.audit.map((entry) => entry.action)).toEqual([
      'access_request.approved',
      'access_request.created',
    ]);

    // The same access token now reads the station (stations are read per request, not from the token).
    expect((await station(s.a2.slug)).statusCode).toBe(200);
    const stationsAfter = await t.app.inject({
      method: 'GET',
      url: '/api/stations',
      headers: member.headers,
    });
    expect(
      stationsAfter
        .json<{ results: { id: number }[] }>()
        .results.map((row) => row.id)
        .sort(),
    ).toEqual([s.a1.id, s.a2.id].sort());
    const rows = await t.database.db
      .selectFrom('membershipStations')
      .innerJoin('memberships', 'memberships.id', 'membershipStations.membershipId')
      .select('membershipStations.stationId')
      .where('memberships.userId', '=', member.user.id)
      .execute();
    expect(rows.map((row) => Number(row.stationId)).sort()).toEqual([s.a1.id, s.a2.id].sort());
    const granted = await t.database.db
      .selectFrom('auditEvents')
      .select(['action', 'data'])
      .where('action', '=', 'member.station_granted')
      .execute();
    expect(granted).toHaveLength(1);
    expect(JSON.parse(granted[0]!.data)).toMatchObject({ stationId: s.a2.id, accessRequestId: request.id });

    await t.app.domainEvents.drain();
    expect(events.filter((event) => 'requestId' in event && event.requestId === request.id)).toEqual([
      expect.objectContaining({
        type: 'access_request.created',
        stationName: 'Beta Fuels',
        requesterUserId: member.user.id,
        actorUserId: member.user.id,
      }),
      expect.objectContaining({
        type: 'access_request.decided',
        decision: 'approved',
        reason: null,
        requesterUserId: member.user.id,
        actorUserId: admin.user.id,
      }),
    ]);

    // Asking again for a station one has: 409 ALREADY_HAS_ACCESS.
    const again = await create({ stationId: s.a2.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_HAS_ACCESS' });
  });

  it('validates the body (400)', async () => {
    for (const payload of [{}, { stationId: 'x' }, { stationId: s.a3.id, message: 'x'.repeat(501) }]) {
      const response = await create(payload, other);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('refuses duplicates, admins, members with every station and other organisations', async () => {
    const first = await create({ stationId: s.a3.id }, other);
    expect(first.statusCode).toBe(201);
    const duplicate = await create({ stationId: s.a3.id }, other);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'REQUEST_PENDING' });
    expect((await create({ stationId: s.a1.id }, other)).json()).toMatchObject({
      code: 'ALREADY_HAS_ACCESS',
    });
    const byAdmin = await create({ stationId: s.a3.id }, admin);
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json()).toMatchObject({ code: 'ALREADY_HAS_ACCESS' });
    expect((await create({ stationId: s.a3.id }, everyStation)).json()).toMatchObject({
      code: 'ALREADY_HAS_ACCESS',
    });
    const foreign = await create({ stationId: s.b1.id }, other);
    expect(foreign.statusCode).toBe(404);
    // The other organisation's admin cannot see, decide or cancel it.
    const id = first.json<TStationAccessRequestDetail>().id;
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/access-requests/${id}`,
      headers: otherAdmin.headers,
    });
    expect(seen.statusCode).toBe(404);
    expect((await decide(id, { status: 'approved' }, otherAdmin)).statusCode).toBe(404);
    expect((await list('', otherAdmin)).results.map((row) => row.id)).not.toContain(id);
  });

  it('lists requestable stations with pending ones marked', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/access-requests/stations',
      headers: other.headers,
    });
    expect(response.statusCode).toBe(200);
    const results = response.json<{ results: { id: number; pending: boolean }[] }>().results;
    expect(results).toEqual([
      expect.objectContaining({ id: s.a2.id, pending: false }),
      expect.objectContaining({ id: s.a3.id, pending: true }),
    ]);
    const forAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/access-requests/stations',
      headers: admin.headers,
    });
    expect(forAdmin.json()).toEqual({ results: [] });
  });

  it('rejects with a reason only, once', async () => {
    const created = await create({ stationId: s.a2.id }, other);
    const id = created.json<TStationAccessRequestDetail>().id;
    const noReason = await decide(id, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await decide(id, { status: 'maybe' })).statusCode).toBe(400);
    // Members cannot decide (members:u is an admin grant).
    const byMember = await decide(id, { status: 'approved' }, member);
    expect(byMember.statusCode).toBe(403);

    const rejected = await decide(id, { status: 'rejected', reason: ' Not your cluster ' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Not your cluster' });
    const again = await decide(id, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await station(s.a2.slug, other)).statusCode).toBe(404);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/access-requests/${id}`,
      headers: other.headers,
    });
    expect(detail.json<TStationAccessRequestDetail>().audit[0]).toMatchObject({
      action: 'access_request.rejected',
      data: { from: 'pending', to: 'rejected', reason: 'Not your cluster' },
    });
    await t.app.domainEvents.drain();
    expect(events.at(-1)).toMatchObject({
      type: 'access_request.decided',
      decision: 'rejected',
      reason: 'Not your cluster',
    });
    // After a rejection one may ask again.
    expect((await create({ stationId: s.a2.id }, other)).statusCode).toBe(201);
  });

  it('lets only the requester cancel, while pending', async () => {
    const pending = (await list('?status=pending', other)).results.find((row) => row.stationId === s.a2.id);
    expect(pending).toBeDefined();
    const id = pending!.id;
    expect((await cancel(id, member)).statusCode).toBe(404);
    expect((await cancel(id, admin)).statusCode).toBe(404);
    const cancelled = await cancel(id, other);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<TStationAccessRequestDetail>()).toMatchObject({ status: 'cancelled' });
    expect(cancelled.json<TStationAccessRequestDetail>().audit[0]?.action).toBe('access_request.cancelled');
    expect((await cancel(id, other)).statusCode).toBe(409);
    expect((await decide(id, { status: 'approved' })).statusCode).toBe(409);
  });

  it('shows admins every request and members their own, newest first, filtered', async () => {
    const all = await list('');
    expect(all.count).toBe(4);
    const created = all.results.map((row) => Date.parse(row.createdAt));
    expect(created).toEqual([...created].sort((x, y) => y - x));
    expect(new Set(all.results.map((row) => row.userId))).toEqual(new Set([member.user.id, other.user.id]));
    const own = await list('', member);
    expect(own.results.map((row) => row.userId)).toEqual([member.user.id]);
    const otherOnes = await list('', other);
    expect(otherOnes.count).toBe(3);
    expect(otherOnes.results.every((row) => row.userId === other.user.id)).toBe(true);
    expect((await list('?status=pending')).results.map((row) => row.stationId)).toEqual([s.a3.id]);
    expect((await list(`?station=${s.a2.id}&status=approved,rejected`)).count).toBe(2);
    expect((await list('?limit=1')).nextCursor).toBeTypeOf('string');
    // Members cannot read someone else's request.
    const foreign = otherOnes.results[0]!.id;
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/access-requests/${foreign}`,
      headers: member.headers,
    });
    expect(denied.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/access-requests?status=open',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports CSV with the filters', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/access-requests?format=csv&status=rejected',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/access-requests-\d{8}\.csv/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'ID,Created at (IST),Station,Requester,Requester email,Message,Status,Reason,Decided at (IST),Decided by',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Not your cluster');
  });

  it('will not approve for someone who is no longer an active member (409)', async () => {
    const db = t.database.db;
    const { organizationId } = await db
      .selectFrom('stations')
      .select('organizationId')
      .where('id', '=', s.a1.id)
      .executeTakeFirstOrThrow();
    const leaving = await createSignedInUser(db, { organizationId, role: 'member', stationIds: [s.a1.id] });
    const created = await create({ stationId: s.a3.id }, leaving);
    expect(created.statusCode).toBe(201);
    const id = created.json<TStationAccessRequestDetail>().id;
    await db
      .updateTable('memberships')
      .set({ disabledAt: t.clock.now() })
      .where('userId', '=', leaving.user.id)
      .execute();
    const refused = await decide(id, { status: 'approved' });
    expect(refused.statusCode).toBe(409);
    const rows = await db
      .selectFrom('membershipStations')
      .innerJoin('memberships', 'memberships.id', 'membershipStations.membershipId')
      .select('membershipStations.stationId')
      .where('memberships.userId', '=', leaving.user.id)
      .execute();
    expect(rows.map((row) => Number(row.stationId))).toEqual([s.a1.id]);
    // Still pending (the transaction rolled back); a rejection closes it.
    expect((await decide(id, { status: 'rejected', reason: 'Left the company' })).statusCode).toBe(200);
  });

  it('needs a session and the grants', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/access-requests' })).statusCode).toBe(401);
    const readOnly = await createSignedInUser(t.database.db, {
      organizationId: (
        await t.database.db
          .selectFrom('stations')
          .select('organizationId')
          .where('id', '=', s.a1.id)
          .executeTakeFirstOrThrow()
      ).organizationId,
      role: 'member',
      scope: 'requests:r stations:r',
      stationIds: [s.a1.id],
    });
    expect((await create({ stationId: s.a3.id }, readOnly)).statusCode).toBe(403);
  });
});
