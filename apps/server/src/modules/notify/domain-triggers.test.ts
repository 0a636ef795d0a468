import type { TIncidentDetail } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createSignedInUser, createStation } from '../../test/factories';
import {
  ensureDomainWorkflows,
  INCIDENT_ESCALATED_WORKFLOW,
  INCIDENT_OPENED_WORKFLOW,
} from './domain-workflows';
import { createNotifyFixture, type NotifyFixture } from './testing';
import { findWorkflowByTrigger } from './workflows.repository';

type Message = {
  content: string;
  cta: { data: { url?: string } };
  templateIdentifier?: string;
  payload: Record<string, unknown>;
};

describe('incident domain events → notifications', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let other: NotifyFixture;
  let stationId = 0;
  let admin2: { id: number };
  let member: Awaited<ReturnType<typeof createSignedInUser>>;
  let memberAll: { id: number };
  let memberElsewhere: { id: number };
  let otherAdmin: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    other = await createNotifyFixture(t);
    const db = t.database.db;
    const station = await createStation(db, f.organization.id, { name: 'Gamma Fuels' });
    const elsewhere = await createStation(db, f.organization.id);
    stationId = station.id;
    const org = { organizationId: f.organization.id };
    admin2 = (await createSignedInUser(db, { ...org, role: 'admin', stationIds: [elsewhere.id] })).user;
    member = await createSignedInUser(db, { ...org, role: 'member', stationIds: [station.id] });
    memberAll = (await createSignedInUser(db, { ...org, role: 'member' })).user;
    memberElsewhere = (await createSignedInUser(db, { ...org, role: 'member', stationIds: [elsewhere.id] }))
      .user;
    otherAdmin = other.admin.user;
  });

  afterAll(async () => {
    await t.close();
  });

  const settle = async () => {
    await t.app.domainEvents.drain();
    await t.app.notify.queue.drain();
  };

  const received = async (fixture: NotifyFixture, userId: number, transactionId: string) =>
    (
      await fixture.v1('GET', `/v1/messages?subscriberId=${userId}&transactionId=${transactionId}&limit=100`)
    ).json().data as Message[];

  const messagesOf = (transactionPrefix: string) =>
    t.database.db
      .selectFrom('notifyMessages as m')
      .innerJoin('notifySubscribers as s', 's.id', 'm.subscriberId')
      .select(['s.subscriberId', 'm.templateIdentifier', 'm.channel', 'm.transactionId', 'm.severity'])
      .where('m.environmentId', '=', f.environment.id)
      .where('m.transactionId', 'like', `${transactionPrefix}%`)
      .execute();

  let incident: TIncidentDetail;

  it('opening an incident gives admins and members with the station one message, not the actor', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/incidents',
      headers: member.headers,
      payload: { stationId, type: 'price_mismatch', severity: 'low', title: 'Board shows old price' },
    });
    expect(response.statusCode, response.body).toBe(201);
    incident = response.json<TIncidentDetail>();
    await settle();
    const transactionId = `incident-opened-${incident.id}`;
    for (const user of [f.admin.user, admin2, memberAll]) {
      const messages = await received(f, user.id, transactionId);
      expect(messages, `user ${user.id}`).toHaveLength(1);
      expect(messages[0]?.content).toContain('Board shows old price');
      expect(messages[0]?.content).toContain('Gamma Fuels');
      expect(messages[0]?.content).toContain(`#${incident.number}`);
      expect(messages[0]?.cta.data.url).toBe(`/incidents/${incident.id}`);
      // What the inbox needs to colour the item by urgency (severity, status, SLA deadline).
      expect(messages[0]?.payload).toMatchObject({
        incidentId: incident.id,
        severity: 'low',
        status: 'open',
        slaDueAt: incident.slaDueAt,
      });
    }
    expect(await received(f, memberElsewhere.id, transactionId)).toHaveLength(0);
    expect(await received(f, member.user.id, transactionId)).toHaveLength(0);
    const rows = await messagesOf(transactionId);
    expect(rows.map((row) => row.subscriberId).sort()).toEqual(
      [f.admin.user.id, admin2.id, memberAll.id].map(String).sort(),
    );
    expect(new Set(rows.map((row) => row.templateIdentifier))).toEqual(new Set([INCIDENT_OPENED_WORKFLOW]));
    // Another organisation hears nothing.
    expect(await received(other, otherAdmin.id, transactionId)).toHaveLength(0);
  });

  it('a repeated event has one effect', async () => {
    t.app.domainEvents.publish({
      type: 'incident.opened',
      organizationId: f.organization.id,
      stationId,
      incidentId: incident.id,
      number: incident.number,
      incidentType: 'price_mismatch',
      group: incident.group,
      severity: 'low',
      status: 'open',
      slaDueAt: Date.parse(incident.slaDueAt),
      title: incident.title,
      actorUserId: member.user.id,
      at: Date.parse(incident.openedAt),
    });
    await settle();
    expect(await messagesOf(`incident-opened-${incident.id}`)).toHaveLength(3);
  });

  it('raising the severity triggers incident-escalated for the same people (the actor excluded)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/incidents/${incident.id}/severity`,
      headers: f.admin.headers,
      payload: { severity: 'critical' },
    });
    expect(response.statusCode, response.body).toBe(200);
    await settle();
    const rows = await messagesOf(`incident-escalated-${incident.id}-`);
    expect(rows.map((row) => row.subscriberId).sort()).toEqual(
      [admin2.id, member.user.id, memberAll.id].map(String).sort(),
    );
    expect(new Set(rows.map((row) => row.templateIdentifier))).toEqual(
      new Set([INCIDENT_ESCALATED_WORKFLOW]),
    );
    // The inbox severity follows the incident's (critical → high); opening it was low.
    expect(new Set(rows.map((row) => row.severity))).toEqual(new Set(['high']));
    expect(new Set((await messagesOf(`incident-opened-${incident.id}`)).map((row) => row.severity))).toEqual(
      new Set(['low']),
    );
    const [message] = await received(f, member.user.id, rows[0]?.transactionId ?? '');
    expect(message?.content).toContain('critical');
    expect(message?.content).toContain('was low');
    // The escalation carries the new deadline: a critical incident's is the nearer one.
    expect(message?.payload).toMatchObject({ severity: 'critical', status: 'open' });
    expect(Date.parse(String(message?.payload.slaDueAt))).toBeLessThan(Date.parse(incident.slaDueAt));
    expect(message?.cta.data.url).toBe(`/incidents/${incident.id}`);
  });

  it('every environment has the incident workflows from the start, once each', async () => {
    const db = t.database.db;
    expect(await findWorkflowByTrigger(db, f.environment.id, INCIDENT_OPENED_WORKFLOW)).toBeDefined();
    // An environment no event reached has them too (created with the environment).
    expect(await findWorkflowByTrigger(db, other.environment.id, INCIDENT_OPENED_WORKFLOW)).toBeDefined();
    const deps = { db, now: t.clock.now };
    await ensureDomainWorkflows(deps, other.environment);
    await ensureDomainWorkflows(deps, other.environment);
    for (const environment of [f.environment, other.environment]) {
      for (const trigger of [INCIDENT_OPENED_WORKFLOW, INCIDENT_ESCALATED_WORKFLOW]) {
        const rows = await db
          .selectFrom('notifyWorkflows')
          .select('id')
          .where('environmentId', '=', environment.id)
          .where('triggerIdentifier', '=', trigger)
          .execute();
        expect(rows, trigger).toHaveLength(1);
      }
    }
  });
});
