import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createNotifyFixture, type NotifyFixture, triggerAndWait } from '../notify/testing';

/** The `/v1/inbox/*` API of the current Novu Inbox, on the widget API's sessions and messages. */
describe('/v1/inbox (the current Novu Inbox API)', () => {
  let t: TestApp;
  let f: NotifyFixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    // A tagged workflow with buttons and a critical one (hidden from the preferences).
    for (const [name, critical] of [
      ['Pump alerts', false],
      ['Security notices', true],
    ] as const) {
      const created = await f.v1('POST', '/v1/workflows', {
        name,
        critical,
        severity: critical ? 'high' : 'medium',
        tags: [critical ? 'security' : 'pumps'],
        steps: [
          {
            name: 'In-app',
            type: 'in_app',
            content: '<strong>{{title}}</strong><br>at {{station}} &amp; more',
            cta: {
              type: 'redirect',
              data: { url: '/stations/1' },
              action: { buttons: [{ type: 'primary', content: 'Open' }] },
            },
          },
        ],
      });
      expect(created.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  const session = async (subscriber: unknown, extra: Record<string, unknown> = {}) => {
    const id =
      typeof subscriber === 'string' ? subscriber : (subscriber as { subscriberId: string }).subscriberId;
    return t.app.inject({
      method: 'POST',
      url: '/v1/inbox/session',
      payload: {
        applicationIdentifier: f.environment.applicationIdentifier,
        subscriber,
        subscriberHash: f.hash(id),
        ...extra,
      },
    });
  };
  const headersOf = async (subscriberId: string) => {
    const response = await session({ subscriberId, firstName: 'Asha' });
    expect(response.statusCode).toBe(201);
    return { authorization: `Bearer ${response.json().data.token as string}` };
  };
  const get = async (headers: Record<string, string>, url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('opens sessions for a subscriber object, an id, or subscriberId; refuses context and bad hashes', async () => {
    const byObject = await session({ subscriberId: 'in-1', firstName: 'Asha', email: 'asha@example.in' });
    expect(byObject.statusCode).toBe(201);
    expect(byObject.json().data).toMatchObject({
      token: expect.any(String),
      totalUnreadCount: 0,
      unreadCount: { total: 0, severity: { high: 0, medium: 0, low: 0, none: 0 } },
      maxSnoozeDurationHours: 720,
      isDevelopmentMode: false,
    });
    expect((await f.v1('GET', '/v1/subscribers/in-1')).json().data).toMatchObject({ firstName: 'Asha' });
    expect((await session('in-1')).statusCode).toBe(201);
    const older = await t.app.inject({
      method: 'POST',
      url: '/v1/inbox/session',
      payload: {
        applicationIdentifier: f.environment.applicationIdentifier,
        subscriberId: 'in-1',
        subscriberHash: f.hash('in-1'),
      },
    });
    expect(older.statusCode).toBe(201);
    const context = await session('in-1', { context: { tenant: 'north' } });
    expect(context.statusCode).toBe(400);
    expect(context.json().message).toMatch(/context is not supported/);
    expect((await session('in-1', { context: {} })).statusCode).toBe(201);
    expect((await session('in-1', { subscriberHash: 'wrong' })).statusCode).toBe(400);
    const keyless = await t.app.inject({
      method: 'POST',
      url: '/v1/inbox/session',
      payload: { subscriber: 'x' },
    });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().message).toMatch(/applicationIdentifier is required/);
  });

  it('answers CORS preflights with the headers the clients send', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/inbox/notifications',
      headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    const allowed = String(preflight.headers['access-control-allow-headers']).toLowerCase();
    for (const header of [
      'novu-client-version',
      'novu-api-version',
      'novu-application-identifier',
      'user-agent',
      'authorization',
    ]) {
      expect(allowed).toContain(header);
    }
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('lists, filters, counts, reads, archives, snoozes and deletes', async () => {
    const headers = await headersOf('in-2');
    for (const [i, name] of ['pump-alerts', 'security-notices', 'system-announcement'].entries()) {
      await triggerAndWait(t, f, { name, to: 'in-2', payload: { title: `n${i}`, station: 'Andheri' } });
      t.clock.advance(1000);
    }
    await triggerAndWait(t, f, {
      name: 'pump-alerts',
      to: 'in-2',
      payload: { title: 'late' },
      severity: 'low',
    });

    const list = await get(headers, '/v1/inbox/notifications?limit=10');
    expect(list.hasMore).toBe(false);
    expect(list.data.map((n: { body: string }) => n.body)).toEqual([
      '**late**\nat  & more',
      '**n2**',
      '**n1**\nat Andheri & more',
      '**n0**\nat Andheri & more',
    ]);
    const first = list.data[3];
    expect(first).toMatchObject({
      isRead: false,
      isSeen: false,
      isArchived: false,
      isSnoozed: false,
      channelType: 'in_app',
      tags: ['pumps'],
      severity: 'medium',
      data: { title: 'n0', station: 'Andheri' },
      workflow: { identifier: 'pump-alerts', name: 'Pump alerts', critical: false, severity: 'medium' },
      primaryAction: { label: 'Open', isCompleted: false },
      redirect: { url: '/stations/1' },
      to: { subscriberId: 'in-2', firstName: 'Asha' },
    });
    expect(list.data[0].severity).toBe('low');

    // Filters: tags, severity, data, created window, cursor.
    const byTag = await get(headers, '/v1/inbox/notifications?tags[]=pumps');
    expect(byTag.data).toHaveLength(2);
    const bySeverity = await get(headers, '/v1/inbox/notifications?severity[]=high');
    expect(bySeverity.data.map((n: { body: string }) => n.body)).toEqual(['**n1**\nat Andheri & more']);
    const byData = await get(headers, `/v1/inbox/notifications?data=${encodeURIComponent('{"title":"n2"}')}`);
    expect(byData.data).toHaveLength(1);
    const page1 = await get(headers, '/v1/inbox/notifications?limit=2');
    expect(page1.hasMore).toBe(true);
    const page2 = await get(headers, `/v1/inbox/notifications?limit=2&after=${page1.data[1].id as string}`);
    expect(page2.data.map((n: { id: string }) => n.id)).toEqual([list.data[2].id, list.data[3].id]);
    expect(page2.hasMore).toBe(false);
    const before = await get(headers, `/v1/inbox/notifications?createdLte=${Date.parse(first.createdAt)}`);
    expect(before.data).toHaveLength(1);

    const filters = encodeURIComponent(
      JSON.stringify([
        { read: false, archived: false, snoozed: false },
        { read: false, severity: 'high' },
        { tags: ['pumps'] },
      ]),
    );
    const counts = await get(headers, `/v1/inbox/notifications/count?filters=${filters}`);
    expect(counts.data.map((c: { count: number }) => c.count)).toEqual([4, 1, 2]);
    expect(counts.data[1].filter).toEqual({ read: false, severity: 'high' });
    const tooMany = await t.app.inject({
      method: 'GET',
      url: `/v1/inbox/notifications/count?filters=${encodeURIComponent(JSON.stringify(Array(31).fill({})))}`,
      headers,
    });
    expect(tooMany.statusCode).toBe(400);

    // Per notification, each change read back from a fresh list.
    const patch = (id: string, action: string, payload?: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/inbox/notifications/${id}/${action}`,
        headers,
        ...(payload ? { payload } : {}),
      });
    expect((await patch(first.id, 'read')).json().data).toMatchObject({ isRead: true, isSeen: true });
    expect((await patch(first.id, 'unread')).json().data).toMatchObject({ isRead: false });
    expect((await patch(first.id, 'complete', { actionType: 'primary' })).json().data.primaryAction).toEqual({
      label: 'Open',
      isCompleted: true,
    });
    expect(
      (await patch(first.id, 'revert', { actionType: 'primary' })).json().data.primaryAction.isCompleted,
    ).toBe(false);
    expect((await patch(first.id, 'complete', { actionType: 'secondary' })).statusCode).toBe(400);
    expect((await patch(first.id, 'archive')).json().data).toMatchObject({ isArchived: true, isRead: true });
    expect(
      (await get(headers, '/v1/inbox/notifications?archived=true')).data.map((n: { id: string }) => n.id),
    ).toEqual([first.id]);
    expect((await get(headers, '/v1/inbox/notifications?archived=false')).data).toHaveLength(3);
    expect((await patch(first.id, 'unarchive')).json().data).toMatchObject({ isArchived: false });

    // Snooze: bounded by the maximum, hidden from lists and counts, back unread at its time.
    const soon = new Date(t.clock.now() + 3_600_000).toISOString();
    expect(
      (await patch(first.id, 'snooze', { snoozeUntil: new Date(t.clock.now() - 1000).toISOString() }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await patch(first.id, 'snooze', {
          snoozeUntil: new Date(t.clock.now() + 721 * 3_600_000).toISOString(),
        })
      ).statusCode,
    ).toBe(400);
    expect((await patch(first.id, 'read')).statusCode).toBe(200);
    const snoozed = (await patch(first.id, 'snooze', { snoozeUntil: soon })).json().data;
    expect(snoozed).toMatchObject({ isSnoozed: true, snoozedUntil: soon });
    expect((await get(headers, '/v1/inbox/notifications?archived=false')).data).toHaveLength(3);
    expect(
      (await get(headers, '/v1/inbox/notifications?snoozed=true')).data.map((n: { id: string }) => n.id),
    ).toEqual([first.id]);
    expect(await t.app.notify.snoozes.tick()).toBe(0);
    t.clock.advance(3_600_000);
    expect(await t.app.notify.snoozes.tick()).toBe(1);
    const back = await get(headers, '/v1/inbox/notifications?archived=false');
    expect(back.data[0]).toMatchObject({ id: first.id, isSnoozed: false, isRead: false, isSeen: false });

    // Seen by ids, mark all read, archive all read (both paths), delete one, delete all.
    const post = (path: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/v1/inbox/notifications/${path}`, headers, payload });
    expect((await post('seen', { notificationIds: [first.id] })).statusCode).toBe(204);
    expect(
      (await get(headers, '/v1/inbox/notifications?seen=true')).data.map((n: { id: string }) => n.id),
    ).toEqual([first.id]);
    expect((await post('read', { tags: ['pumps'] })).statusCode).toBe(204);
    expect((await get(headers, '/v1/inbox/notifications?read=false')).data).toHaveLength(2);
    expect((await post('archive/read')).statusCode).toBe(204);
    expect((await get(headers, '/v1/inbox/notifications?archived=true')).data).toHaveLength(2);
    await post('read');
    expect((await post('read-archive')).statusCode).toBe(204);
    expect((await get(headers, '/v1/inbox/notifications?archived=false')).data).toHaveLength(0);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/inbox/notifications/${first.id}/delete`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(headers, '/v1/inbox/notifications')).data).toHaveLength(3);
    expect((await post('delete')).statusCode).toBe(204);
    expect((await get(headers, '/v1/inbox/notifications')).data).toHaveLength(0);
  });

  it("answers 404 for another subscriber's notification and changes nothing", async () => {
    await triggerAndWait(t, f, { name: 'pump-alerts', to: 'in-owner', payload: { title: 'mine' } });
    const owner = await headersOf('in-owner');
    const [mine] = (await get(owner, '/v1/inbox/notifications')).data;
    const other = await headersOf('in-other');
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/v1/inbox/notifications/${mine.id as string}/read`,
      headers: other,
    });
    expect(response.statusCode).toBe(404);
    expect((await get(owner, '/v1/inbox/notifications')).data[0].isRead).toBe(false);
  });

  it('serves preferences: global first, critical workflows hidden, per workflow, bulk, global switch', async () => {
    const headers = await headersOf('in-prefs');
    const list = (await get(headers, '/v1/inbox/preferences')).data as {
      level: string;
      workflow?: { identifier: string; id: string };
    }[];
    expect(list[0]).toMatchObject({
      level: 'global',
      enabled: true,
      channels: { in_app: true, email: true },
    });
    const identifiers = list.slice(1).map((p) => p.workflow?.identifier);
    expect(identifiers).toContain('pump-alerts');
    expect(identifiers).not.toContain('security-notices');
    const all = (await get(headers, '/v1/inbox/preferences?criticality=all')).data as typeof list;
    expect(all.map((p) => p.workflow?.identifier)).toContain('security-notices');

    const pump = list.find((p) => p.workflow?.identifier === 'pump-alerts');
    const patch = (url: string, payload: object) => t.app.inject({ method: 'PATCH', url, headers, payload });
    const changed = await patch(`/v1/inbox/preferences/${pump?.workflow?.id as string}`, { in_app: false });
    expect(changed.json().data).toMatchObject({ level: 'template', channels: { in_app: false } });
    const bulk = await patch('/v1/inbox/preferences/bulk', {
      preferences: [{ workflowId: 'pump-alerts', in_app: true }],
    });
    expect(bulk.json().data[0].channels).toEqual({ in_app: true });
    expect((await patch('/v1/inbox/preferences/security-notices', { in_app: false })).statusCode).toBe(400);
    expect(
      (await patch('/v1/inbox/preferences', { email: false, enabled: false })).json().data,
    ).toMatchObject({
      level: 'global',
      enabled: false,
      channels: { email: false, in_app: true },
    });
    expect((await get(headers, '/v1/inbox/preferences/global')).data).toMatchObject({ enabled: false });
    // The same preference is the widget API's too.
    const widget = await get(headers, '/v1/widgets/preferences/global');
    expect(widget.data[0].preference).toMatchObject({ enabled: false, channels: { email: false } });
  });
});
