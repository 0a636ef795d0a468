import type {
  TAuditEntry,
  TCardActivationRequestItem,
  TCardActivationRequestPage,
  TCardDetail,
  TCardPage,
} from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../lib/domain-events';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser } from '../../test/factories';
import { insertCardRequest, insertCards } from './testing';

const MINUTE = 60_000;
const DAY = 86_400_000;

type Actor = { headers: Record<string, string>; user: { id: number } };

describe('cards', () => {
  let t: TestApp;
  let now: number;
  let admin: Actor;
  let member: Actor;
  let otherAdmin: Actor;
  const ids = { orgA: 0, orgB: 0, otherCard: 0, otherRequest: 0 };
  const events: DomainEvent[] = [];
  let minute = 0;

  beforeAll(async () => {
    t = await createTestApp();
    now = t.clock.now();
    const db = t.database.db;
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    Object.assign(ids, { orgA: a.id, orgB: b.id });
    admin = await createSignedInUser(db, { organizationId: a.id, role: 'admin' });
    member = await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: 'all' });
    otherAdmin = await createSignedInUser(db, { organizationId: b.id, role: 'admin' });
    // 50 real cards (statuses and kinds cycling) and 3 test cards in org A, one card in org B.
    const statuses = ['active', 'blocked', 'issued', 'active', 'expired'] as const;
    const kinds = ['fleet', 'loyalty', 'prepaid'] as const;
    await insertCards(
      db,
      Array.from({ length: 50 }, (_, i) => ({
        organizationId: a.id,
        createdAt: now - (i + 100) * MINUTE,
        status: statuses[i % statuses.length],
        kind: kinds[i % kinds.length],
        last4: String(1000 + i),
        vehicleRegistration: i === 7 ? 'KA01MJ2024' : null,
        ...(statuses[i % statuses.length] === 'expired' ? { expiresAt: now - DAY } : {}),
      })),
    );
    await insertCards(
      db,
      Array.from({ length: 3 }, (_, i) => ({
        organizationId: a.id,
        createdAt: now - (i + 1) * MINUTE,
        isTest: true,
        last4: '4242',
      })),
    );
    const [otherCard] = await insertCards(db, [{ organizationId: b.id, createdAt: now, status: 'issued' }]);
    ids.otherCard = otherCard ?? 0;
    ids.otherRequest = await insertCardRequest(db, {
      organizationId: b.id,
      cardId: ids.otherCard,
      createdAt: now,
    });
    t.app.domainEvents.subscribe('card_activation.requested', (event) => {
      events.push(event);
    });
    t.app.domainEvents.subscribe('card_activation.decided', (event) => {
      events.push(event);
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });
  const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, headers = admin.headers) =>
    t.app.inject({ method, url, headers, payload: payload as object });
  const listCards = async (query: string, headers = admin.headers) => {
    const response = await get(`/api/cards${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TCardPage>();
  };
  const detail = async (id: number) => {
    const response = await get(`/api/cards/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TCardDetail>();
  };
  /** A fresh card of org A, newer than the bulk, created a minute apart from the previous one. */
  const newCard = async (overrides: Partial<Parameters<typeof insertCards>[1][number]> = {}) => {
    minute++;
    const [id] = await insertCards(t.database.db, [
      { organizationId: ids.orgA, createdAt: now - 90 * MINUTE + minute, ...overrides },
    ]);
    return id ?? 0;
  };
  const actions = (audit: TAuditEntry[]) => audit.map((entry) => entry.action);
  const requestAudit = (id: number) =>
    t.database.db
      .selectFrom('auditEvents')
      .select(['action', 'data', 'actorUserId'])
      .where('target', '=', `card_activation_request:${id}`)
      .orderBy('id')
      .execute();

  describe('GET /api/cards', () => {
    it('pages 40 at a time, newest first, test cards excluded, masked numbers only', async () => {
      const first = await listCards('');
      expect(first.count).toBe(50);
      expect(first.results).toHaveLength(40);
      expect(first.results.every((card) => !card.isTest)).toBe(true);
      const created = first.results.map((card) => Date.parse(card.createdAt));
      expect(created).toEqual([...created].sort((x, y) => y - x));
      expect(first.results[0]).toMatchObject({ last4: '1000', maskedNumber: '•••• •••• •••• 1000' });
      expect(first.results.every((card) => /^•••• •••• •••• \d{4}$/.test(card.maskedNumber))).toBe(true);
      const second = await listCards(`?cursor=${first.nextCursor}`);
      expect(second.results).toHaveLength(10);
      expect(second.nextCursor).toBeUndefined();
      expect(new Set([...first.results, ...second.results].map((card) => card.id)).size).toBe(50);
    });

    it('sorts by expiry date, pages by cursor in that sort', async () => {
      const first = await listCards('?sort=expiresAt&limit=30');
      const second = await listCards(`?sort=expiresAt&limit=30&cursor=${first.nextCursor}`);
      const expires = [...first.results, ...second.results].map((card) => Date.parse(card.expiresAt));
      expect(expires).toEqual([...expires].sort((x, y) => x - y));
      expect(new Set([...first.results, ...second.results].map((card) => card.id)).size).toBe(expires.length);
      // A cursor made for one sort is refused for another.
      expect((await get(`/api/cards?sort=-createdAt&cursor=${first.nextCursor}`)).statusCode).toBe(400);
    });

    it('lists test cards only with isTest=true', async () => {
      const page = await listCards('?isTest=true');
      expect(page.count).toBe(3);
      expect(page.results.every((card) => card.isTest && card.last4 === '4242')).toBe(true);
    });

    it('filters by status (expiry by date included) and kind', async () => {
      const blocked = await listCards('?status=blocked');
      expect(blocked.count).toBe(10);
      expect(blocked.results.every((card) => card.status === 'blocked')).toBe(true);
      const lapsed = await newCard({ status: 'active', expiresAt: now - MINUTE, last4: '7777' });
      const expired = await listCards('?status=expired&limit=100');
      expect(expired.results.every((card) => card.status === 'expired')).toBe(true);
      expect(expired.results.map((card) => card.id)).toContain(lapsed);
      const active = await listCards('?status=active&limit=100');
      expect(active.results.map((card) => card.id)).not.toContain(lapsed);
      const prepaidIssued = await listCards('?kind=prepaid&status=issued');
      expect(prepaidIssued.count).toBeGreaterThan(0);
      expect(prepaidIssued.results.every((card) => card.kind === 'prepaid' && card.status === 'issued')).toBe(
        true,
      );
    });

    it('searches by last four digits or a registration prefix', async () => {
      const byLast4 = await listCards('?q=1007');
      expect(byLast4.results.map((card) => card.last4)).toEqual(['1007']);
      const byRegistration = await listCards('?q=ka01%20mj');
      expect(byRegistration.results.map((card) => card.vehicleRegistration)).toEqual(['KA01MJ2024']);
      expect((await listCards('?q=ZZ99')).count).toBe(0);
    });

    it('rejects bad filters with 400', async () => {
      for (const query of ['?status=lost', '?kind=gold', '?isTest=maybe', '?sort=last4', '?format=xml']) {
        const response = await get(`/api/cards${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
      }
    });

    it('exports the filtered list as CSV with masked numbers', async () => {
      const response = await get('/api/cards?format=csv&status=blocked');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const lines = response.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'ID,Number,Last 4,Kind,Status,Vehicle registration,Customer ID,Daily limit (₹),Monthly limit (₹),Balance (₹),Test card,Issued at (IST),Expires at (IST),Created at (IST)',
      );
      expect(lines).toHaveLength(11);
      expect(
        lines.slice(1).every((line) => line.includes(',blocked,') && line.includes('•••• •••• ••••')),
      ).toBe(true);
    });

    it("shows only the caller's organisation", async () => {
      const page = await listCards('', otherAdmin.headers);
      expect(page.results.map((card) => card.id)).toEqual([ids.otherCard]);
    });
  });

  describe('GET /api/cards/:id', () => {
    it('answers the card with its requests, allowed moves and audit trail', async () => {
      const id = await newCard({ status: 'issued', last4: '0042' });
      await insertCardRequest(t.database.db, {
        organizationId: ids.orgA,
        cardId: id,
        createdAt: now,
        status: 'rejected',
      });
      const card = await detail(id);
      expect(card).toMatchObject({
        id,
        status: 'issued',
        maskedNumber: '•••• •••• •••• 0042',
        allowedTransitions: [],
      });
      expect(card.activationRequests).toHaveLength(1);
      expect(card.activationRequests[0]).toMatchObject({ status: 'rejected', reason: 'Documents missing' });
      expect(card.audit).toEqual([]);
      expect((await detail(await newCard({ status: 'active' }))).allowedTransitions).toEqual(['blocked']);
    });

    it("404s another organisation's card and 400s a bad id", async () => {
      expect((await get(`/api/cards/${ids.otherCard}`)).statusCode).toBe(404);
      expect((await get('/api/cards/abc')).statusCode).toBe(400);
    });
  });

  describe('POST /api/cards/:id/status', () => {
    it('blocks an active card and unblocks it, each with a reason in the audit trail', async () => {
      const id = await newCard({ status: 'active' });
      const blocked = await send('POST', `/api/cards/${id}/status`, {
        to: 'blocked',
        reason: 'Reported stolen',
      });
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json<TCardDetail>()).toMatchObject({
        status: 'blocked',
        allowedTransitions: ['active'],
      });
      const unblocked = await send('POST', `/api/cards/${id}/status`, {
        to: 'active',
        reason: 'Found again',
      });
      expect(unblocked.statusCode, unblocked.body).toBe(200);
      const card = unblocked.json<TCardDetail>();
      expect(card.status).toBe('active');
      expect(actions(card.audit)).toEqual(['card.unblocked', 'card.blocked']);
      expect(card.audit[1]).toMatchObject({
        actor: { id: admin.user.id },
        data: { from: 'active', to: 'blocked', reason: 'Reported stolen' },
      });
    });

    it('needs a reason and a known target state (400)', async () => {
      const id = await newCard({ status: 'active' });
      for (const body of [
        { to: 'blocked' },
        { to: 'blocked', reason: '   ' },
        { to: 'expired', reason: 'x' },
        {},
      ]) {
        const response = await send('POST', `/api/cards/${id}/status`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await detail(id)).status).toBe('active');
    });

    it('refuses moves the lifecycle does not allow (409)', async () => {
      const issued = await newCard({ status: 'issued' });
      const activate = await send('POST', `/api/cards/${issued}/status`, { to: 'active', reason: 'please' });
      expect(activate.statusCode).toBe(409);
      expect(activate.json().message).toMatch(/activation request/);
      const active = await newCard({ status: 'active' });
      expect(
        (await send('POST', `/api/cards/${active}/status`, { to: 'active', reason: 'x' })).statusCode,
      ).toBe(409);
      const blocked = await newCard({ status: 'blocked' });
      expect(
        (await send('POST', `/api/cards/${blocked}/status`, { to: 'blocked', reason: 'x' })).statusCode,
      ).toBe(409);
      expect((await detail(blocked)).audit).toEqual([]);
    });

    it('presents a card past its expiry date as expired and refuses to unblock it (409)', async () => {
      const id = await newCard({ status: 'blocked', expiresAt: now - MINUTE });
      const card = await detail(id);
      expect(card).toMatchObject({ status: 'expired', allowedTransitions: [] });
      const response = await send('POST', `/api/cards/${id}/status`, { to: 'active', reason: 'x' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/expired/);
    });

    it("404s another organisation's card and 403s a member", async () => {
      const body = { to: 'blocked', reason: 'x' };
      expect((await send('POST', `/api/cards/${ids.otherCard}/status`, body)).statusCode).toBe(404);
      const id = await newCard({ status: 'active' });
      const response = await send('POST', `/api/cards/${id}/status`, body, member.headers);
      expect(response.statusCode).toBe(403);
      expect((await detail(id)).status).toBe('active');
      // …who may still read it.
      expect((await get(`/api/cards/${id}`, member.headers)).statusCode).toBe(200);
    });
  });

  describe('PATCH /api/cards/:id/limits', () => {
    it('changes the limits and records what changed', async () => {
      const id = await newCard({ dailyLimitPaise: 1_000_000, monthlyLimitPaise: 20_000_000 });
      const response = await send('PATCH', `/api/cards/${id}/limits`, {
        dailyLimitPaise: 1_500_000,
        monthlyLimitPaise: 20_000_000,
      });
      expect(response.statusCode, response.body).toBe(200);
      const card = response.json<TCardDetail>();
      expect(card).toMatchObject({ dailyLimitPaise: 1_500_000, monthlyLimitPaise: 20_000_000 });
      expect(card.audit).toHaveLength(1);
      expect(card.audit[0]).toMatchObject({
        action: 'card.limits_changed',
        data: { changes: { dailyLimitPaise: { from: 1_000_000, to: 1_500_000 } } },
      });
      // The same limits again change nothing and record nothing.
      const again = await send('PATCH', `/api/cards/${id}/limits`, {
        dailyLimitPaise: 1_500_000,
        monthlyLimitPaise: 20_000_000,
      });
      expect(again.json<TCardDetail>().audit).toHaveLength(1);
    });

    it('validates the limits (400): non-negative integers, monthly at least daily', async () => {
      const id = await newCard({ dailyLimitPaise: 1_000_000, monthlyLimitPaise: 20_000_000 });
      const bad = [
        { dailyLimitPaise: 2_000_000, monthlyLimitPaise: 1_000_000 },
        { dailyLimitPaise: -1, monthlyLimitPaise: 1_000_000 },
        { dailyLimitPaise: 1.5, monthlyLimitPaise: 1_000_000 },
        { dailyLimitPaise: 1_000 },
      ];
      for (const body of bad) {
        const response = await send('PATCH', `/api/cards/${id}/limits`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const refused = await send('PATCH', `/api/cards/${id}/limits`, bad[0]);
      expect(refused.json().details).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'monthlyLimitPaise' })]),
      );
      expect(await detail(id)).toMatchObject({ dailyLimitPaise: 1_000_000, audit: [] });
    });

    it("404s another organisation's card and 403s a member", async () => {
      const body = { dailyLimitPaise: 1, monthlyLimitPaise: 2 };
      expect((await send('PATCH', `/api/cards/${ids.otherCard}/limits`, body)).statusCode).toBe(404);
      const id = await newCard();
      expect((await send('PATCH', `/api/cards/${id}/limits`, body, member.headers)).statusCode).toBe(403);
    });
  });

  describe('card activation requests', () => {
    const file = (cardId: number, headers = admin.headers) =>
      send(
        'POST',
        '/api/card-activation-requests',
        { cardId, requestedBy: 'Sharma Logistics', note: 'New truck' },
        headers,
      );
    const decide = (id: number, body: unknown, headers = admin.headers) =>
      send('POST', `/api/card-activation-requests/${id}/decision`, body, headers);

    it('files a request for an issued card, audited on both records, and publishes card_activation.requested', async () => {
      const cardId = await newCard({ status: 'issued', last4: '5151' });
      const response = await file(cardId);
      expect(response.statusCode, response.body).toBe(201);
      const request = response.json<TCardActivationRequestItem>();
      expect(request).toMatchObject({
        cardId,
        status: 'pending',
        requestedBy: 'Sharma Logistics',
        note: 'New truck',
        card: { id: cardId, status: 'issued', maskedNumber: '•••• •••• •••• 5151' },
      });
      expect(await requestAudit(request.id)).toEqual([
        expect.objectContaining({ action: 'card_activation_request.created', actorUserId: admin.user.id }),
      ]);
      const card = await detail(cardId);
      expect(actions(card.audit)).toEqual(['card.activation_requested']);
      expect(card.activationRequests.map((row) => row.id)).toEqual([request.id]);
      await t.app.domainEvents.drain();
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'card_activation.requested',
          requestId: request.id,
          cardId,
          maskedNumber: '•••• •••• •••• 5151',
          organizationId: ids.orgA,
          actorUserId: admin.user.id,
        }),
      );
    });

    it('refuses a card that is not issued or already has a pending request (409)', async () => {
      const active = await newCard({ status: 'active' });
      expect((await file(active)).statusCode).toBe(409);
      const lapsed = await newCard({ status: 'issued', expiresAt: now - MINUTE });
      expect((await file(lapsed)).statusCode).toBe(409);
      const issued = await newCard({ status: 'issued' });
      expect((await file(issued)).statusCode).toBe(201);
      const twice = await file(issued);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toMatch(/waiting/);
      expect((await detail(issued)).activationRequests).toHaveLength(1);
    });

    it("validates the body (400), 404s another organisation's card, 403s a member", async () => {
      const issued = await newCard({ status: 'issued' });
      for (const body of [
        { cardId: issued },
        { cardId: issued, requestedBy: '  ' },
        { cardId: 'x', requestedBy: 'a' },
      ]) {
        expect(
          (await send('POST', '/api/card-activation-requests', body)).statusCode,
          JSON.stringify(body),
        ).toBe(400);
      }
      expect((await file(ids.otherCard)).statusCode).toBe(404);
      expect((await file(issued, member.headers)).statusCode).toBe(403);
    });

    it('approving activates the card in the same change, with history on both, and publishes the decision', async () => {
      const cardId = await newCard({ status: 'issued', last4: '6161' });
      const requestId = (await file(cardId)).json<TCardActivationRequestItem>().id;
      const response = await decide(requestId, { status: 'approved' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TCardActivationRequestItem>()).toMatchObject({
        status: 'approved',
        reason: null,
        decidedByUserId: admin.user.id,
        card: { id: cardId, status: 'active' },
      });
      const card = await detail(cardId);
      expect(card.status).toBe('active');
      expect(card.activationRequests[0]?.status).toBe('approved');
      expect(card.audit[0]).toMatchObject({
        action: 'card.activated',
        data: { from: 'issued', to: 'active', requestId },
      });
      expect((await requestAudit(requestId)).map((row) => row.action)).toEqual([
        'card_activation_request.created',
        'card_activation_request.approved',
      ]);
      await t.app.domainEvents.drain();
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'card_activation.decided',
          requestId,
          cardId,
          decision: 'approved',
          reason: null,
        }),
      );
    });

    it('rejecting needs a reason, keeps the card issued and records the reason', async () => {
      const cardId = await newCard({ status: 'issued' });
      const requestId = (await file(cardId)).json<TCardActivationRequestItem>().id;
      expect((await decide(requestId, { status: 'rejected' })).statusCode).toBe(400);
      expect((await decide(requestId, { status: 'rejected', reason: ' ' })).statusCode).toBe(400);
      expect((await decide(requestId, { status: 'maybe' })).statusCode).toBe(400);
      const response = await decide(requestId, { status: 'rejected', reason: 'KYC incomplete' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TCardActivationRequestItem>()).toMatchObject({
        status: 'rejected',
        reason: 'KYC incomplete',
        card: { status: 'issued' },
      });
      const card = await detail(cardId);
      expect(card.status).toBe('issued');
      expect(card.audit[0]).toMatchObject({
        action: 'card.activation_rejected',
        data: { requestId, reason: 'KYC incomplete' },
      });
      await t.app.domainEvents.drain();
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'card_activation.decided',
          requestId,
          decision: 'rejected',
          reason: 'KYC incomplete',
        }),
      );
      // A new request may be filed once the previous one is decided.
      expect((await file(cardId)).statusCode).toBe(201);
    });

    it('refuses to decide a request that is no longer pending (409), changing nothing', async () => {
      const cardId = await newCard({ status: 'issued' });
      const requestId = (await file(cardId)).json<TCardActivationRequestItem>().id;
      expect((await decide(requestId, { status: 'approved' })).statusCode).toBe(200);
      const again = await decide(requestId, { status: 'rejected', reason: 'Too late' });
      expect(again.statusCode).toBe(409);
      expect((await detail(cardId)).status).toBe('active');
      expect((await requestAudit(requestId)).map((row) => row.action)).toEqual([
        'card_activation_request.created',
        'card_activation_request.approved',
      ]);
    });

    it('refuses to approve a request whose card has expired meanwhile (409)', async () => {
      const cardId = await newCard({ status: 'issued', expiresAt: now - MINUTE });
      const requestId = await insertCardRequest(t.database.db, {
        organizationId: ids.orgA,
        cardId,
        createdAt: now,
      });
      expect((await decide(requestId, { status: 'approved' })).statusCode).toBe(409);
      expect(await requestAudit(requestId)).toEqual([]);
    });

    it("404s another organisation's request and 403s a member", async () => {
      expect((await decide(ids.otherRequest, { status: 'approved' })).statusCode).toBe(404);
      const cardId = await newCard({ status: 'issued' });
      const requestId = (await file(cardId)).json<TCardActivationRequestItem>().id;
      expect((await decide(requestId, { status: 'approved' }, member.headers)).statusCode).toBe(403);
      expect((await detail(cardId)).status).toBe('issued');
    });

    it('lists 40 newest first with the card state, filtered by status, for readers too', async () => {
      const db = t.database.db;
      const cardId = await newCard({ status: 'issued' });
      for (let i = 0; i < 45; i++) {
        await insertCardRequest(db, {
          organizationId: ids.orgA,
          cardId,
          createdAt: now - DAY - i * MINUTE,
          status: i % 2 === 0 ? 'rejected' : 'approved',
        });
      }
      const response = await get('/api/card-activation-requests', member.headers);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<TCardActivationRequestPage>();
      expect(page.results).toHaveLength(40);
      expect(page.nextCursor).toBeTypeOf('string');
      const created = page.results.map((row) => Date.parse(row.createdAt));
      expect(created).toEqual([...created].sort((x, y) => y - x));
      expect(page.results.every((row) => row.card.maskedNumber.endsWith(row.card.last4))).toBe(true);
      const pending = (
        await get('/api/card-activation-requests?status=pending&limit=100')
      ).json<TCardActivationRequestPage>();
      expect(pending.count).toBeGreaterThan(0);
      expect(pending.results.every((row) => row.status === 'pending')).toBe(true);
      // Pending requests wait on issued cards (or on one that lapsed while waiting).
      expect(new Set(pending.results.map((row) => row.card.status))).toEqual(new Set(['issued', 'expired']));
      const other = (
        await get('/api/card-activation-requests', otherAdmin.headers)
      ).json<TCardActivationRequestPage>();
      expect(other.results.map((row) => row.id)).toEqual([ids.otherRequest]);
      expect((await get('/api/card-activation-requests?status=maybe')).statusCode).toBe(400);
    });

    it('exports the filtered requests as CSV', async () => {
      const response = await get('/api/card-activation-requests?format=csv&status=rejected');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const [header, ...rows] = response.body.trim().split('\r\n');
      expect(header).toBe(
        'ID,Created at (IST),Card ID,Card,Card kind,Vehicle registration,Card status,Requested by,Note,Status,Reason,Decided at (IST)',
      );
      expect(rows.length).toBeGreaterThan(20);
      expect(rows.every((row) => row.includes(',rejected,'))).toBe(true);
    });
  });
});
