import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createSignedInUser } from '../../test/factories';
import { INCIDENT_OPENED_WORKFLOW } from '../notify/domain-workflows';
import { ensureEnvironments } from '../notify/environments.service';
import { notifyKeys } from '../notify/secrets';
import { createNotifyFixture, type NotifyFixture, widgetSession } from '../notify/testing';
import { findWorkflowByTrigger } from '../notify/workflows.repository';
import { createForecourt, createKey, type Forecourt, fill } from './testing';

const MINUTE = 60_000;

type FeedItem = { content: string; feedIdentifier?: string; payload: Record<string, unknown> };

describe('incidents raised through ingest reach the people of the station', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let forecourt: Forecourt;
  let key: Record<string, string>;
  let member: Awaited<ReturnType<typeof createSignedInUser>>;
  let now: number;

  beforeAll(async () => {
    t = await createTestApp({ startAt: Date.UTC(2026, 2, 10, 4, 30) });
    now = t.clock.now();
    f = await createNotifyFixture(t);
    const db = t.database.db;
    forecourt = await createForecourt(db, f.organization.id, { slug: 'ingest-alerts', at: now });
    member = await createSignedInUser(db, {
      organizationId: f.organization.id,
      role: 'member',
      stationIds: [forecourt.station.id],
    });
    key = { 'x-api-key': (await createKey(t.app, f.admin.headers, forecourt.station.slug)).secret };
  });
  afterAll(() => t.close());

  const ingest = async (payload: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/ingest', headers: key, payload });
    expect(response.statusCode, response.body).toBe(200);
    await t.app.domainEvents.drain();
    await t.app.notify.queue.drain();
  };

  const incidentsFeed = async (userId: number): Promise<FeedItem[]> => {
    const session = await widgetSession(t.app, f, String(userId));
    const feed = await t.app.inject({
      method: 'GET',
      url: '/v1/widgets/notifications/feed?feedIdentifier=incidents&limit=50',
      headers: session.headers,
    });
    expect(feed.statusCode, feed.body).toBe(200);
    return feed.json().data as FeedItem[];
  };

  const openIncidents = (type: string) =>
    t.database.db
      .selectFrom('incidents')
      .select(['id', 'title', 'severity', 'status'])
      .where('stationId', '=', forecourt.station.id)
      .where('type', '=', type)
      .execute();

  it('a lost controller link opens an incident that lands in the Incidents feed of admins and members', async () => {
    await ingest({
      dispenserStates: [
        {
          sourceId: 'link-1',
          dispenserId: forecourt.dispensers.D1,
          status: 'offline',
          at: new Date(now - MINUTE).toISOString(),
        },
      ],
    });
    const [incident, ...more] = await openIncidents('dispenser_fault');
    expect(more).toHaveLength(0);
    expect(incident?.title).toBe('Dispenser D1: controller link lost');
    expect(incident?.severity).toBe('high');
    for (const userId of [f.admin.user.id, member.user.id]) {
      const feed = await incidentsFeed(userId);
      const item = feed.find((entry) => entry.payload.incidentId === incident?.id);
      expect(item, `user ${userId}`).toBeDefined();
      expect(item?.content).toContain('controller link lost');
    }
  });

  it('the same condition reported again opens nothing new', async () => {
    await ingest({
      dispenserStates: [
        {
          sourceId: 'link-2',
          dispenserId: forecourt.dispensers.D1,
          status: 'idle',
          at: new Date(now - MINUTE + 1_000).toISOString(),
        },
        // Applied after the idle report above (latest wins): offline again, same dispenser.
      ],
    });
    await ingest({
      dispenserStates: [
        {
          sourceId: 'link-3',
          dispenserId: forecourt.dispensers.D1,
          status: 'offline',
          at: new Date(now - MINUTE + 2_000).toISOString(),
        },
      ],
    });
    expect(await openIncidents('dispenser_fault')).toHaveLength(1);
  });

  it('a long queue and a watchlisted vehicle open their incidents and notify', async () => {
    const db = t.database.db;
    await db
      .insertInto('vehicles')
      .values({
        organizationId: f.organization.id,
        registration: 'KA01WL0001',
        vehicleClass: 'car',
        fuel: 'petrol',
        customerId: null,
        firstSeenAt: now - 86_400_000,
        lastSeenAt: now - 86_400_000,
        isWatchlisted: 1,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await ingest({
      transactions: [fill(forecourt, 'wl-fill-1', now - 10 * MINUTE, { registration: 'KA01WL0001' })],
      congestionSamples: [
        {
          sourceId: 'queue-1',
          lane: 2,
          sampledAt: new Date(now - 5 * MINUTE).toISOString(),
          queueLength: 10,
          waitSeconds: 900,
        },
      ],
    });
    const [queue] = await openIncidents('queue_congestion');
    expect(queue).toMatchObject({
      title: 'Queue of 10 vehicles on lane 2',
      severity: 'high',
      status: 'open',
    });
    const [hit] = await openIncidents('anpr_watchlist_hit');
    expect(hit?.title).toContain('KA01WL0001');
    const feed = await incidentsFeed(member.user.id);
    const ids = feed.map((item) => item.payload.incidentId);
    expect(ids).toEqual(expect.arrayContaining([queue?.id, hit?.id]));
  });

  it('a short queue and an unknown vehicle open nothing', async () => {
    const before = (await db().selectFrom('incidents').select('id').execute()).length;
    await ingest({
      transactions: [fill(forecourt, 'plain-fill-1', now - 8 * MINUTE, { registration: 'KA01PL0001' })],
      congestionSamples: [
        {
          sourceId: 'queue-short',
          lane: 1,
          sampledAt: new Date(now - 4 * MINUTE).toISOString(),
          queueLength: 3,
          waitSeconds: 200,
        },
      ],
    });
    expect((await db().selectFrom('incidents').select('id').execute()).length).toBe(before);
  });

  const db = () => t.database.db;
});

describe('the domain workflows exist from the start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('an organisation created at signup has the incident workflows before any event', async () => {
    const db = t.database.db;
    const user = await createSignedInUser(db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/organization',
      headers: user.headers,
      payload: { name: 'Fresh Fuels', kind: 'dealer_group' },
    });
    expect(response.statusCode, response.body).toBe(201);
    await t.app.domainEvents.drain();
    const organization = await db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Fresh Fuels')
      .executeTakeFirstOrThrow();
    const environment = await db
      .selectFrom('notifyEnvironments')
      .selectAll()
      .where('organizationId', '=', organization.id)
      .executeTakeFirstOrThrow();
    expect(environment.domainWorkflowsAt).not.toBeNull();
    expect(await findWorkflowByTrigger(db, environment.id, INCIDENT_OPENED_WORKFLOW)).toBeDefined();
  });

  it('the startup step gives environments that predate them the workflows, once', async () => {
    const f = await createNotifyFixture(t);
    const db = t.database.db;
    const workflow = await findWorkflowByTrigger(db, f.environment.id, INCIDENT_OPENED_WORKFLOW);
    expect(workflow).toBeDefined();
    // An environment from before: no marker, no domain workflows.
    await db.deleteFrom('notifyWorkflows').where('id', '=', Number(workflow?.id)).execute();
    await db
      .updateTable('notifyEnvironments')
      .set({ domainWorkflowsAt: null })
      .where('id', '=', f.environment.id)
      .execute();
    const deps = { db, now: t.clock.now, keys: notifyKeys(db, t.clock.now) };
    await ensureEnvironments(deps);
    expect(await findWorkflowByTrigger(db, f.environment.id, INCIDENT_OPENED_WORKFLOW)).toBeDefined();
    // Deleted afterwards by an admin: the next startup leaves it deleted.
    const again = await findWorkflowByTrigger(db, f.environment.id, INCIDENT_OPENED_WORKFLOW);
    await db.deleteFrom('notifyWorkflows').where('id', '=', Number(again?.id)).execute();
    await ensureEnvironments(deps);
    expect(await findWorkflowByTrigger(db, f.environment.id, INCIDENT_OPENED_WORKFLOW)).toBeUndefined();
  });
});
