import {
  INCIDENT_STATUSES,
  INCIDENT_TRANSITIONS,
  INCIDENT_TYPES,
  type TIncidentDetail,
  type TIncidentPage,
  type TIncidentStatus,
} from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../lib/domain-events';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { insertIncidents } from './testing';

const MINUTE = 60_000;

describe('incidents', () => {
  let t: TestApp;
  let now: number;
  let admin: { headers: Record<string, string>; user: { id: number } };
  let member: { headers: Record<string, string>; user: { id: number } };
  let memberOther: { headers: Record<string, string>; user: { id: number } };
  let reader: { headers: Record<string, string> };
  let otherAdmin: { headers: Record<string, string>; user: { id: number } };
  const ids = { orgA: 0, orgB: 0, s1: 0, s2: 0, s3: 0, otherIncident: 0, s2Incident: 0 };
  let number = 1_000;
  const events: DomainEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    now = t.clock.now();
    const db = t.database.db;
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    const s1 = await createStation(db, a.id, { name: 'Alpha Fuels' });
    const s2 = await createStation(db, a.id, { name: 'Beta Fuels' });
    const s3 = await createStation(db, b.id);
    Object.assign(ids, { orgA: a.id, orgB: b.id, s1: s1.id, s2: s2.id, s3: s3.id });
    admin = await createSignedInUser(db, { organizationId: a.id, role: 'admin' });
    member = await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s1.id] });
    memberOther = await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s2.id] });
    reader = await createSignedInUser(db, {
      organizationId: a.id,
      role: 'member',
      scope: 'incidents:r files:r',
    });
    otherAdmin = await createSignedInUser(db, { organizationId: b.id, role: 'admin' });
    // 60 incidents at s1 and s2, one a minute, types and statuses cycling.
    const seeds = Array.from({ length: 60 }, (_, i) => ({
      organizationId: a.id,
      stationId: i % 3 === 0 ? s2.id : s1.id,
      number: i + 1,
      openedAt: now - (i + 1) * MINUTE,
      type: INCIDENT_TYPES[i % INCIDENT_TYPES.length],
      status: INCIDENT_STATUSES[i % INCIDENT_STATUSES.length],
      severity: i % 2 === 0 ? ('high' as const) : ('low' as const),
    }));
    const created = await insertIncidents(db, seeds);
    ids.s2Incident = created[0] ?? 0;
    const [otherIncident] = await insertIncidents(db, [
      { organizationId: b.id, stationId: s3.id, number: 1, openedAt: now - MINUTE },
    ]);
    ids.otherIncident = otherIncident ?? 0;
    t.app.domainEvents.subscribe('incident.opened', (event) => {
      events.push(event);
    });
    t.app.domainEvents.subscribe('incident.escalated', (event) => {
      events.push(event);
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const list = async (query: string, headers = admin.headers) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/incidents${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TIncidentPage>();
  };

  const open = async (overrides: Partial<Parameters<typeof insertIncidents>[1][number]> = {}) => {
    number++;
    const [id] = await insertIncidents(t.database.db, [
      {
        organizationId: ids.orgA,
        stationId: ids.s1,
        number,
        openedAt: t.clock.now(),
        ...overrides,
      },
    ]);
    return id ?? 0;
  };

  const post = (id: number, path: string, payload: unknown, headers = admin.headers) =>
    t.app.inject({
      method: 'POST',
      url: `/api/incidents/${id}/${path}`,
      headers,
      payload: payload as object,
    });

  describe('list', () => {
    it('pages 40 at a time, newest first, with a cursor to the next page', async () => {
      const first = await list('');
      expect(first.results).toHaveLength(40);
      expect(first.count).toBe(60);
      expect(first.pages).toBe(2);
      const opened = first.results.map((row) => Date.parse(row.openedAt));
      expect(opened).toEqual([...opened].sort((x, y) => y - x));
      expect(first.results[0]?.stationName).toBeTypeOf('string');
      expect(first.results[0]?.sla.resolve.dueAt).toBe(first.results[0]?.slaDueAt);
      const second = await list(`?cursor=${first.nextCursor}`);
      expect(second.results).toHaveLength(20);
      expect(second.nextCursor).toBeUndefined();
      const all = [...first.results, ...second.results].map((row) => row.id);
      expect(new Set(all).size).toBe(60);
    });

    it('sorts by number both ways and by SLA due time', async () => {
      const ascending = await list('?sort=number&limit=5');
      expect(ascending.results.map((row) => row.number)).toEqual([1, 2, 3, 4, 5]);
      const descending = await list('?sort=-number&limit=3');
      expect(descending.results.map((row) => row.number)).toEqual([60, 59, 58]);
      const sla = await list('?sort=slaDueAt&limit=60');
      const due = sla.results.map((row) => Date.parse(row.slaDueAt));
      expect(due).toEqual([...due].sort((x, y) => x - y));
    });

    it('filters by station, group, status, type and severity', async () => {
      const station = await list(`?station=${ids.s2}&limit=100`);
      expect(station.count).toBe(20);
      expect(station.results.every((row) => row.stationId === ids.s2)).toBe(true);
      const status = await list('?status=open,closed&limit=100');
      expect(status.count).toBe(30);
      expect(status.results.every((row) => row.status === 'open' || row.status === 'closed')).toBe(true);
      const type = await list('?type=safety&limit=100');
      expect(type.results.every((row) => row.type === 'safety')).toBe(true);
      expect(type.count).toBeGreaterThan(0);
      const group = await list('?group=revenue&limit=100');
      expect(group.results.every((row) => row.group === 'revenue')).toBe(true);
      const severity = await list('?severity=high&status=open&limit=100');
      expect(severity.results.every((row) => row.severity === 'high' && row.status === 'open')).toBe(true);
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/incidents?status=lost',
        headers: admin.headers,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    });

    it('keeps members to their stations and organisations to their own', async () => {
      const mine = await list('?limit=100', member.headers);
      expect(mine.count).toBe(40);
      expect(mine.results.every((row) => row.stationId === ids.s1)).toBe(true);
      const asked = await list(`?station=${ids.s2}`, member.headers);
      expect(asked.count).toBe(0);
      const other = await list('', otherAdmin.headers);
      expect(other.results.map((row) => row.id)).toEqual([ids.otherIncident]);
    });

    it('answers 404 for another organisation’s incident and one outside a member’s stations', async () => {
      const cross = await t.app.inject({
        method: 'GET',
        url: `/api/incidents/${ids.otherIncident}`,
        headers: admin.headers,
      });
      expect(cross.statusCode).toBe(404);
      expect(cross.json().code).toBe('NOT_FOUND');
      const outside = await t.app.inject({
        method: 'GET',
        url: `/api/incidents/${ids.s2Incident}`,
        headers: member.headers,
      });
      expect(outside.statusCode).toBe(404);
      const write = await post(ids.otherIncident, 'notes', { text: 'hello' });
      expect(write.statusCode).toBe(404);
    });

    it('needs the incidents:r grant', async () => {
      const nobody = await createSignedInUser(t.database.db, {
        organizationId: ids.orgA,
        scope: 'stations:r',
      });
      const response = await t.app.inject({ method: 'GET', url: '/api/incidents', headers: nobody.headers });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('create', () => {
    it('opens an incident with the next number, an audit entry and an incident.opened event', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/incidents',
        headers: member.headers,
        payload: {
          stationId: ids.s1,
          type: 'price_mismatch',
          severity: 'critical',
          title: 'Board shows old price',
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const detail = response.json<TIncidentDetail>();
      expect(detail.group).toBe('revenue');
      expect(detail.status).toBe('open');
      expect(detail.number).toBeGreaterThan(60);
      expect(detail.allowedTransitions).toEqual(['acknowledged', 'resolved', 'closed']);
      expect(detail.timeline).toHaveLength(1);
      expect(detail.timeline[0]).toMatchObject({ kind: 'opened', actor: { id: member.user.id } });
      // Critical: acknowledge within 15 minutes, resolve within 1 hour.
      const openedAt = Date.parse(detail.openedAt);
      expect(Date.parse(detail.sla.acknowledge.dueAt) - openedAt).toBe(15 * MINUTE);
      expect(Date.parse(detail.sla.resolve.dueAt) - openedAt).toBe(60 * MINUTE);
      expect(detail.sla.acknowledge).toMatchObject({ state: 'pending', remainingMs: 15 * MINUTE });
      await t.app.domainEvents.drain();
      expect(events.at(-1)).toMatchObject({
        type: 'incident.opened',
        incidentId: detail.id,
        severity: 'critical',
        incidentType: 'price_mismatch',
        actorUserId: member.user.id,
      });
      const audit = await t.database.db
        .selectFrom('auditEvents')
        .selectAll()
        .where('target', '=', `incident:${detail.id}`)
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['incident.opened']);
    });

    it('rejects bad input, other stations and foreign dispensers', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/incidents',
        headers: admin.headers,
        payload: { stationId: ids.s1, type: 'meteor', severity: 'low', title: '' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
      for (const [headers, stationId] of [
        [admin.headers, ids.s3],
        [member.headers, ids.s2],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/incidents',
          headers,
          payload: { stationId, type: 'safety', severity: 'low', title: 'Spill' },
        });
        expect(response.statusCode).toBe(404);
      }
      const dispenser = await t.app.inject({
        method: 'POST',
        url: '/api/incidents',
        headers: admin.headers,
        payload: { stationId: ids.s1, type: 'safety', severity: 'low', title: 'Spill', dispenserId: 999_999 },
      });
      expect(dispenser.statusCode).toBe(400);
      const readOnly = await t.app.inject({
        method: 'POST',
        url: '/api/incidents',
        headers: reader.headers,
        payload: { stationId: ids.s1, type: 'safety', severity: 'low', title: 'Spill' },
      });
      expect(readOnly.statusCode).toBe(403);
    });
  });

  describe('status transitions', () => {
    const pairs = INCIDENT_STATUSES.flatMap((from) =>
      INCIDENT_STATUSES.map((to) => [from, to] as [TIncidentStatus, TIncidentStatus]),
    );

    it.each(pairs)('%s → %s is allowed only when the lifecycle says so', async (from, to) => {
      const id = await open({ status: from });
      const response = await post(id, 'status', { to, note: 'checked on site' });
      const legal = INCIDENT_TRANSITIONS[from].includes(to);
      if (!legal) {
        expect(response.statusCode).toBe(409);
        expect(response.json().code).toBe('CONFLICT');
        const unchanged = await t.database.db
          .selectFrom('incidentEvents')
          .select('id')
          .where('incidentId', '=', id)
          .execute();
        expect(unchanged).toHaveLength(0);
        return;
      }
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json<TIncidentDetail>();
      expect(detail.status).toBe(to);
      const entry = detail.timeline.at(-1);
      expect(entry).toMatchObject({
        kind: to === 'open' ? 'reopened' : to,
        actor: { id: admin.user.id },
        data: { from, to, note: 'checked on site' },
      });
      expect(detail.allowedTransitions).toEqual(INCIDENT_TRANSITIONS[to]);
      if (to === 'acknowledged') expect(detail.acknowledgedAt).not.toBeNull();
      if (to === 'resolved') expect(detail.sla.resolve.state).toMatch(/met|breached/);
      if (to === 'closed') expect(detail.closedAt).not.toBeNull();
      if (to === 'open') {
        expect(detail.resolvedAt).toBeNull();
        expect(detail.closedAt).toBeNull();
        expect(detail.sla.resolve.state).toBe('pending');
      }
      const audit = await t.database.db
        .selectFrom('auditEvents')
        .select(['action', 'data', 'actorUserId'])
        .where('target', '=', `incident:${id}`)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.action).toBe(`incident.${to === 'open' ? 'reopened' : to}`);
      expect(JSON.parse(audit[0]?.data ?? '{}')).toMatchObject({ from, to });
      expect(audit[0]?.actorUserId).toBe(admin.user.id);
    });

    it('publishes incident.escalated when an incident is reopened', async () => {
      const id = await open({ status: 'resolved' });
      await post(id, 'status', { to: 'open' });
      await t.app.domainEvents.drain();
      expect(events.at(-1)).toMatchObject({ type: 'incident.escalated', reason: 'reopened', incidentId: id });
    });

    it('needs incidents:u and a known status', async () => {
      const id = await open();
      const forbidden = await post(id, 'status', { to: 'acknowledged' }, reader.headers);
      expect(forbidden.statusCode).toBe(403);
      const bad = await post(id, 'status', { to: 'fixed' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('SLA timers', () => {
    it('turn overdue, then record met or breached when stopped', async () => {
      // Opened 20 minutes ago (moving the clock instead would expire the test's tokens).
      const id = await open({ severity: 'critical', openedAt: t.clock.now() - 20 * MINUTE });
      const overdue = (
        await t.app.inject({ method: 'GET', url: `/api/incidents/${id}`, headers: admin.headers })
      ).json<TIncidentDetail>();
      expect(overdue.sla.acknowledge.state).toBe('overdue');
      expect(overdue.sla.acknowledge.remainingMs).toBe(-5 * MINUTE);
      expect(overdue.sla.resolve).toMatchObject({ state: 'pending', remainingMs: 40 * MINUTE });
      const acknowledged = (await post(id, 'status', { to: 'acknowledged' })).json<TIncidentDetail>();
      expect(acknowledged.sla.acknowledge).toMatchObject({ state: 'breached', remainingMs: null });
      const resolved = (await post(id, 'status', { to: 'resolved' })).json<TIncidentDetail>();
      expect(resolved.sla.resolve.state).toBe('met');
    });
  });

  describe('severity', () => {
    it('moves the SLA with the severity and escalates only when raised', async () => {
      const id = await open({ severity: 'low' });
      const openedAt = t.clock.now();
      const raised = (await post(id, 'severity', { severity: 'high' })).json<TIncidentDetail>();
      expect(Date.parse(raised.slaDueAt) - openedAt).toBe(4 * 60 * MINUTE);
      expect(raised.timeline.at(-1)).toMatchObject({
        kind: 'severity_changed',
        data: { from: 'low', to: 'high' },
      });
      await t.app.domainEvents.drain();
      expect(events.at(-1)).toMatchObject({
        type: 'incident.escalated',
        reason: 'severity_raised',
        previousSeverity: 'low',
        severity: 'high',
      });
      const count = events.length;
      await post(id, 'severity', { severity: 'medium' });
      await t.app.domainEvents.drain();
      expect(events).toHaveLength(count);
    });
  });

  describe('assignment and notes', () => {
    it('assigns to members with the station, 400 for members without it, 404 for strangers', async () => {
      const id = await open();
      const ok = await post(id, 'assignee', { assigneeUserId: member.user.id });
      expect(ok.statusCode, ok.body).toBe(200);
      const detail = ok.json<TIncidentDetail>();
      expect(detail.assignee?.id).toBe(member.user.id);
      expect(detail.timeline.at(-1)).toMatchObject({
        kind: 'assigned',
        data: { assigneeUserId: member.user.id, fromUserId: null },
      });
      const noStation = await post(id, 'assignee', { assigneeUserId: memberOther.user.id });
      expect(noStation.statusCode).toBe(400);
      expect(noStation.json().code).toBe('VALIDATION_FAILED');
      const stranger = await post(id, 'assignee', { assigneeUserId: otherAdmin.user.id });
      expect(stranger.statusCode).toBe(404);
      const unassigned = (await post(id, 'assignee', { assigneeUserId: null })).json<TIncidentDetail>();
      expect(unassigned.assignee).toBeNull();
      const assignees = await t.app.inject({
        method: 'GET',
        url: `/api/incidents/assignees?station=${ids.s1}`,
        headers: admin.headers,
      });
      const names = assignees.json<{ results: { id: number }[] }>().results.map((row) => row.id);
      expect(names).toContain(member.user.id);
      expect(names).not.toContain(memberOther.user.id);
    });

    it('adds notes to the timeline; a closed incident takes no notes (409)', async () => {
      const id = await open();
      const noted = await post(id, 'notes', { text: 'Engineer on the way' }, member.headers);
      expect(noted.statusCode).toBe(200);
      expect(noted.json<TIncidentDetail>().timeline.at(-1)).toMatchObject({
        kind: 'comment',
        actor: { id: member.user.id },
        data: { text: 'Engineer on the way' },
      });
      const empty = await post(id, 'notes', { text: '   ' });
      expect(empty.statusCode).toBe(400);
      const closed = await open({ status: 'closed' });
      const refused = await post(closed, 'notes', { text: 'late' });
      expect(refused.statusCode).toBe(409);
    });
  });
});
