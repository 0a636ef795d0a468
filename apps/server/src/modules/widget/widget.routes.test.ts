import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { toHexId } from '../notify/ids';
import { createNotifyFixture, type NotifyFixture, widgetSession } from '../notify/testing';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('inbox widget API (/v1/widgets)', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let other: NotifyFixture;
  let alice: Awaited<ReturnType<typeof widgetSession>>;
  let bob: Awaited<ReturnType<typeof widgetSession>>;
  let ordersFeedId: string;

  const get = (url: string, headers = alice.headers) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload?: unknown, headers = alice.headers) =>
    t.app.inject({
      method: 'POST',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const feedOf = async (query = '', headers = alice.headers) => {
    const response = await get(`/v1/widgets/notifications/feed${query}`, headers);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      data: {
        _id: string;
        content: string;
        seen: boolean;
        read: boolean;
        payload: Record<string, unknown>;
        cta?: unknown;
        deleted: boolean;
        _feedId: string | null;
      }[];
      hasMore: boolean;
      totalCount: number;
      pageSize: number;
      page: number;
    };
  };
  const countOf = async (route: string, query = '', headers = alice.headers) => {
    const response = await get(`/v1/widgets/notifications/${route}${query}`, headers);
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { count: number } }).data.count;
  };
  const send = async (to: string | string[], name: string, payload: Record<string, unknown>) => {
    const response = await f.v1('POST', '/v1/events/trigger', { name, to, payload });
    expect(response.statusCode).toBe(201);
    await t.app.notify.queue.drain();
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    other = await createNotifyFixture(t);
    for (const [name, feedIdentifier] of [
      ['order-update', 'orders'],
      ['alert', 'alerts'],
    ] as const) {
      const created = await f.v1('POST', '/v1/workflows', {
        name,
        triggerIdentifier: name,
        steps: [
          {
            type: 'in_app',
            content: 'Order {{orderId}} is {{status}}',
            feedIdentifier,
            cta: {
              type: 'redirect',
              data: { url: '/orders/{{orderId}}' },
              action: {
                buttons: [
                  { type: 'primary', content: 'Accept' },
                  { type: 'secondary', content: 'Reject' },
                ],
              },
            },
          },
        ],
      });
      expect(created.statusCode).toBe(201);
    }
    alice = await widgetSession(t.app, f, 'alice');
    bob = await widgetSession(t.app, f, 'bob');
    for (let i = 1; i <= 12; i++) {
      await send('alice', i % 3 === 0 ? 'alert' : 'order-update', {
        orderId: i,
        status: i % 2 === 0 ? 'paid' : 'open',
        meta: { region: i <= 6 ? 'west' : 'south', vip: i === 5 },
      });
      t.clock.advance(1000);
    }
    await send('bob', 'order-update', { orderId: 99, status: 'open' });
    const feed = await t.database.db
      .selectFrom('notifyFeeds')
      .select('id')
      .where('environmentId', '=', f.environment.id)
      .where('identifier', '=', 'orders')
      .executeTakeFirstOrThrow();
    ordersFeedId = toHexId(feed.id);
  });
  afterAll(() => t.close());

  describe('session initialize', () => {
    it('answers 201 {data: {token, profile}} and upserts the subscriber with the given fields', async () => {
      const response = await post(
        '/v1/widgets/session/initialize',
        {
          applicationIdentifier: f.environment.applicationIdentifier,
          subscriberId: 'carol',
          hmacHash: f.hash('carol'),
          firstName: 'Carol',
          email: 'carol@example.test',
        },
        {},
      );
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.data.profile).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        firstName: 'Carol',
        lastName: null,
        phone: null,
      });
      const claims = JSON.parse(Buffer.from(body.data.token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ aud: 'widget_user', subscriberId: 'carol', _id: body.data.profile._id });
      expect(claims.exp - claims.iat).toBe(15 * 24 * 3600);
      const again = await post(
        '/v1/widgets/session/initialize',
        {
          applicationIdentifier: f.environment.applicationIdentifier,
          subscriberId: 'carol',
          hmacHash: f.hash('carol'),
        },
        {},
      );
      expect(again.json().data.profile).toMatchObject({ _id: body.data.profile._id, firstName: 'Carol' });
    });

    it('refuses an unknown application identifier, a missing or wrong HMAC and bad bodies with 400', async () => {
      const init = (payload: unknown) => post('/v1/widgets/session/initialize', payload, {});
      const unknown = await init({ applicationIdentifier: 'nope', subscriberId: 'x', hmacHash: null });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('Please provide a valid app identifier');
      for (const hmacHash of [null, undefined, 'deadbeef', other.hash('x'), f.hash('y')]) {
        const response = await init({
          applicationIdentifier: f.environment.applicationIdentifier,
          subscriberId: 'x',
          hmacHash,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Please provide a valid HMAC hash');
      }
      // Upper-case hex is the same digest.
      const upper = await init({
        applicationIdentifier: f.environment.applicationIdentifier,
        subscriberId: 'x',
        hmacHash: f.hash('x').toUpperCase(),
      });
      expect(upper.statusCode).toBe(201);
      expect((await init({ subscriberId: 'x' })).statusCode).toBe(400);
      expect(
        (await init({ applicationIdentifier: f.environment.applicationIdentifier, subscriberId: '' }))
          .statusCode,
      ).toBe(400);
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/v1/widgets/session/initialize',
        headers: { 'content-type': 'application/json' },
        payload: '{"applicationIdentifier":',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toEqual(expect.any(String));
    });

    it('401s every other route without a valid token, for another audience, or once the subscriber is gone', async () => {
      expect((await get('/v1/widgets/notifications/unseen', {})).statusCode).toBe(401);
      expect(
        (await get('/v1/widgets/notifications/unseen', { authorization: 'Bearer null' })).statusCode,
      ).toBe(401);
      expect(
        (await get('/v1/widgets/notifications/unseen', { authorization: 'Bearer abc.def.ghi' })).statusCode,
      ).toBe(401);
      // A Forecourt access token is not an inbox token.
      expect((await get('/v1/widgets/notifications/unseen', f.admin.headers)).statusCode).toBe(401);
      const dave = await widgetSession(t.app, f, 'dave');
      expect((await get('/v1/widgets/notifications/unseen', dave.headers)).statusCode).toBe(200);
      expect((await f.v1('DELETE', '/v1/subscribers/dave')).statusCode).toBe(200);
      const gone = await get('/v1/widgets/notifications/unseen', dave.headers);
      expect(gone.statusCode).toBe(401);
      expect(gone.json()).toMatchObject({ statusCode: 401, message: expect.any(String) });
      // Expired after 15 days.
      const erin = await widgetSession(t.app, f, 'erin');
      t.clock.advance(15 * 24 * 3600 * 1000 + 10_000);
      expect((await get('/v1/widgets/notifications/unseen', erin.headers)).statusCode).toBe(401);
      t.clock.advance(-(15 * 24 * 3600 * 1000 + 10_000));
    });
  });

  describe('feed', () => {
    it('pages from 0, newest first, 10 by default, with hasMore and the page counts', async () => {
      const first = await feedOf();
      expect(first).toMatchObject({ page: 0, pageSize: 10, hasMore: true, totalCount: 10 });
      expect(first.data.map((m) => m.payload.orderId)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
      const second = await feedOf('?page=1');
      expect(second).toMatchObject({ page: 1, pageSize: 10, hasMore: false, totalCount: 2 });
      expect(second.data.map((m) => m.payload.orderId)).toEqual([2, 1]);
      expect((await feedOf('?page=5')).data).toEqual([]);
      const exact = await feedOf('?limit=12');
      expect(exact).toMatchObject({ hasMore: false, totalCount: 12 });
    });

    it('returns the message document of the protocol, populated', async () => {
      const [message] = (await feedOf('?limit=1')).data as unknown as Record<string, unknown>[];
      expect(message).toMatchObject({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        content: 'Order 12 is paid',
        channel: 'in_app',
        seen: false,
        read: false,
        deleted: false,
        templateIdentifier: 'alert',
        transactionId: expect.any(String),
        _subscriberId: alice.subscriberRowId,
        _feedId: expect.stringMatching(/^[0-9a-f]{24}$/),
        cta: {
          type: 'redirect',
          data: { url: '/orders/12' },
          action: {
            status: 'pending',
            buttons: [
              { type: 'primary', content: 'Accept' },
              { type: 'secondary', content: 'Reject' },
            ],
          },
        },
        subscriber: { _id: alice.subscriberRowId, subscriberId: 'alice' },
        template: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), tags: [] },
      });
      expect(new Date(message?.createdAt as string).toISOString()).toBe(message?.createdAt);
    });

    it('takes feedIdentifier as one value, key[] repeats, plain repeats and comma lists', async () => {
      const orders = (await feedOf('?feedIdentifier=orders&limit=100')).data.length;
      const alerts = (await feedOf('?feedIdentifier=alerts&limit=100')).data.length;
      expect([orders, alerts]).toEqual([8, 4]);
      for (const query of [
        '?feedIdentifier=orders,alerts',
        '?feedIdentifier%5B%5D=orders&feedIdentifier%5B%5D=alerts',
        '?feedIdentifier=orders&feedIdentifier=alerts',
        '?feedIdentifier=orders%2Calerts',
      ]) {
        expect((await feedOf(`${query}&limit=100`)).data).toHaveLength(12);
      }
      expect((await feedOf('?feedIdentifier=unknown')).data).toEqual([]);
      // "undefined" and "null" (2.x clients) mean absent.
      expect(
        (await feedOf('?feedIdentifier=undefined&seen=null&limit=100&payload=undefined')).data,
      ).toHaveLength(12);
      expect(await countOf('count', '?feedIdentifier%5B%5D=alerts')).toBe(4);
      expect(await countOf('unseen', '?feedIdentifier=orders,alerts')).toBe(12);
    });

    it('filters by the base64 payload (every leaf, nested paths, typed) and refuses bad base64 with 400', async () => {
      expect((await feedOf(`?payload=${b64({ status: 'paid' })}&limit=100`)).data).toHaveLength(6);
      expect(
        (await feedOf(`?payload=${b64({ status: 'paid', meta: { region: 'west' } })}&limit=100`)).data.map(
          (m) => m.payload.orderId,
        ),
      ).toEqual([6, 4, 2]);
      expect(
        (await feedOf(`?payload=${b64({ meta: { vip: true } })}`)).data.map((m) => m.payload.orderId),
      ).toEqual([5]);
      expect((await feedOf(`?payload=${b64({ orderId: 7 })}`)).data.map((m) => m.payload.orderId)).toEqual([
        7,
      ]);
      // Types matter: "7" is not 7.
      expect((await feedOf(`?payload=${b64({ orderId: '7' })}`)).data).toEqual([]);
      expect((await feedOf(`?payload=${encodeURIComponent(b64({ missing: null }))}`)).data).toEqual([]);
      for (const bad of ['%%%', 'bm90IGpzb24', b64([1, 2]), b64('text')]) {
        const response = await get(`/v1/widgets/notifications/feed?payload=${bad}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(
          'Invalid payload, the JSON object should be encoded to base64 string.',
        );
      }
    });

    it('filters on seen and read, and 400s a limit outside 1–100 or a bad page', async () => {
      for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?page=-1', '?seen=maybe']) {
        expect((await get(`/v1/widgets/notifications/feed${query}`)).statusCode).toBe(400);
      }
      expect((await feedOf('?limit=100&seen=false')).data).toHaveLength(12);
      expect((await feedOf('?limit=100&seen=true')).data).toHaveLength(0);
      expect((await feedOf('?limit=100&read=false')).data).toHaveLength(12);
    });
  });

  describe('counts', () => {
    it('unseen, unread and count answer {data: {count}} capped at the limit (default 100, max 100)', async () => {
      expect(await countOf('unseen')).toBe(12);
      expect(await countOf('unread')).toBe(12);
      expect(await countOf('count')).toBe(12);
      expect(await countOf('unseen', '?limit=5')).toBe(5);
      expect(await countOf('count', '?seen=false&limit=3')).toBe(3);
      expect(await countOf('count', '?read=true')).toBe(0);
      expect(await countOf('unseen', '?seen=true')).toBe(0);
      expect((await get('/v1/widgets/notifications/unseen?limit=101')).statusCode).toBe(400);
      expect((await get('/v1/widgets/notifications/count?limit=0')).statusCode).toBe(400);
      expect(await countOf('unseen', '', bob.headers)).toBe(1);
    });
  });

  describe('mark as', () => {
    it('markAs writes only the flags given, with their dates; a string id is comma-split; 201 {data: Message[]}', async () => {
      const ids = (await feedOf('?limit=3')).data.map((m) => m._id);
      const response = await post('/v1/widgets/messages/markAs', {
        messageId: `${ids[0]},${ids[1]}`,
        mark: { seen: true },
      });
      expect(response.statusCode).toBe(201);
      const marked = response.json().data as {
        _id: string;
        seen: boolean;
        read: boolean;
        lastSeenDate?: string;
        lastReadDate?: string;
      }[];
      expect(marked.map((m) => [m._id, m.seen, m.read])).toEqual(
        [ids[1], ids[0]].sort().map((id) => [id, true, false]),
      );
      expect(marked[0]?.lastSeenDate).toEqual(expect.any(String));
      expect(marked[0]?.lastReadDate).toBeUndefined();
      expect(await countOf('unseen')).toBe(10);
      expect(await countOf('unread')).toBe(12);

      const read = await post('/v1/widgets/messages/markAs', {
        messageId: [ids[2]],
        mark: { seen: true, read: true },
      });
      expect(read.json().data).toEqual([expect.objectContaining({ _id: ids[2], seen: true, read: true })]);
      // No coupling: read without seen leaves seen alone; unread keeps seen.
      const unread = await post('/v1/widgets/messages/markAs', { messageId: ids[2], mark: { read: false } });
      expect(unread.json().data).toEqual([expect.objectContaining({ seen: true, read: false })]);
      // A mark with neither flag means seen.
      const neither = await post('/v1/widgets/messages/markAs', { messageId: ids[0], mark: {} });
      expect(neither.json().data).toEqual([expect.objectContaining({ seen: true })]);
    });

    it('markAs without a messageId is 400 "messageId is required"', async () => {
      for (const payload of [{}, { messageId: '' }, { messageId: [] }, { mark: { seen: true } }]) {
        const response = await post('/v1/widgets/messages/markAs', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('messageId is required');
      }
    });

    it('mark-as takes read | unread | seen | unseen, else 400', async () => {
      const [first] = (await feedOf('?limit=1')).data;
      const id = first?._id as string;
      const markAs = async (value: string) =>
        post('/v1/widgets/messages/mark-as', { messageId: id, markAs: value });
      expect((await markAs('read')).json().data).toEqual([
        expect.objectContaining({ read: true, seen: true }),
      ]);
      expect((await markAs('unread')).json().data).toEqual([
        expect.objectContaining({ read: false, seen: true }),
      ]);
      expect((await markAs('unseen')).json().data).toEqual([
        expect.objectContaining({ read: false, seen: false }),
      ]);
      const seen = await markAs('seen');
      expect(seen.statusCode).toBe(201);
      expect(seen.json().data).toEqual([expect.objectContaining({ seen: true })]);
      expect((await markAs('archived')).statusCode).toBe(400);
    });

    it('never touches or returns another subscriber’s messages', async () => {
      const [bobs] = (await feedOf('', bob.headers)).data;
      const response = await post('/v1/widgets/messages/markAs', {
        messageId: bobs?._id,
        mark: { seen: true, read: true },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toEqual([]);
      const enumForm = await post('/v1/widgets/messages/mark-as', { messageId: bobs?._id, markAs: 'read' });
      expect(enumForm.json().data).toEqual([]);
      expect((await feedOf('', bob.headers)).data[0]).toMatchObject({ seen: false, read: false });
    });
  });

  describe('mark all', () => {
    it('POST /messages/seen and /read mark everything (or the feeds given) and answer the number changed', async () => {
      const seenAlerts = await post('/v1/widgets/messages/seen', { feedId: 'alerts' });
      expect(seenAlerts.statusCode).toBe(201);
      expect(typeof seenAlerts.json().data).toBe('number');
      expect(await countOf('unseen', '?feedIdentifier=alerts')).toBe(0);
      const readSome = await post('/v1/widgets/messages/read', { feedId: ['orders', 'nowhere'] });
      expect(readSome.json()).toEqual({ data: 8 });
      expect(await countOf('unread', '?feedIdentifier=orders')).toBe(0);
      expect(await countOf('unread', '?feedIdentifier=alerts')).toBe(4);
      const readAll = await post('/v1/widgets/messages/read', {});
      expect(readAll.json()).toEqual({ data: 4 });
      expect(await countOf('unread')).toBe(0);
      expect(await countOf('unseen')).toBe(0);
      expect((await post('/v1/widgets/messages/read', { feedId: 'orders,alerts' })).json()).toEqual({
        data: 0,
      });
      // Bob's inbox is untouched.
      expect(await countOf('unread', '', bob.headers)).toBe(1);
    });
  });

  describe('actions', () => {
    it('sets the CTA action status and result, idempotently, without touching seen/read', async () => {
      const [message] = (await feedOf('?limit=1&feedIdentifier=orders')).data;
      const url = `/v1/widgets/messages/${message?._id}/actions/primary`;
      const first = await post(url, { executedType: 'primary', status: 'done', payload: { reason: 'ok' } });
      expect(first.statusCode).toBe(201);
      expect(first.json().data.cta.action).toEqual({
        status: 'done',
        buttons: expect.any(Array),
        result: { type: 'primary', payload: { reason: 'ok' } },
      });
      const again = await post(url, { executedType: 'primary', status: 'done', payload: { reason: 'ok' } });
      expect(again.statusCode).toBe(201);
      expect(again.json().data.seen).toBe(message?.seen);
      expect(
        (await post(`/v1/widgets/messages/${message?._id}/actions/tertiary`, { status: 'done' })).statusCode,
      ).toBe(400);
      expect((await post(url, { status: 'finished' })).statusCode).toBe(400);
      const [bobs] = (await feedOf('', bob.headers)).data;
      expect(
        (await post(`/v1/widgets/messages/${bobs?._id}/actions/primary`, { status: 'done' })).statusCode,
      ).toBe(404);
      expect(
        (await post('/v1/widgets/messages/not-an-id/actions/primary', { status: 'done' })).statusCode,
      ).toBe(404);
    });
  });

  describe('organization, preferences, usage', () => {
    it('GET /organization answers {data: {_id, name}}', async () => {
      const response = await get('/v1/widgets/organization');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: { _id: toHexId(f.organization.id), name: expect.any(String) },
      });
    });

    it('lists workflow preferences with only the channels of active steps, and updates them', async () => {
      const response = await get('/v1/widgets/preferences');
      expect(response.statusCode).toBe(200);
      const list = response.json().data as {
        template: { _id: string; name: string; critical: boolean };
        preference: { enabled: boolean; channels: Record<string, boolean> };
      }[];
      const order = list.find((item) => item.template.name === 'order-update');
      expect(order).toMatchObject({
        template: { critical: false, tags: [], triggers: [{ type: 'event', identifier: 'order-update' }] },
        preference: {
          enabled: true,
          channels: { in_app: true },
          overrides: [{ channel: 'in_app', source: 'template' }],
        },
      });
      expect((await get('/v1/widgets/preferences/template')).json().data).toEqual(list);
      const patch = (id: string, payload: unknown) =>
        t.app.inject({
          method: 'PATCH',
          url: `/v1/widgets/preferences/${id}`,
          headers: alice.headers,
          payload: payload as object,
        });
      const off = await patch(order?.template._id as string, { channel: { type: 'in_app', enabled: false } });
      expect(off.statusCode).toBe(200);
      expect(off.json().data.preference).toMatchObject({
        enabled: true,
        channels: { in_app: false },
        overrides: [{ channel: 'in_app', source: 'subscriber' }],
      });
      expect((await patch(order?.template._id as string, {})).statusCode).toBe(400);
      expect(
        (await patch(order?.template._id as string, { channel: { type: 'fax', enabled: true } })).statusCode,
      ).toBe(400);
      expect((await patch(toHexId(999_999), { enabled: true })).statusCode).toBe(404);

      // Turned off: new order updates do not reach alice's inbox; alerts still do.
      const before = await countOf('unseen');
      await send('alice', 'order-update', { orderId: 100, status: 'open' });
      await send('alice', 'alert', { orderId: 101, status: 'open' });
      expect(await countOf('unseen')).toBe(before + 1);
      await patch(order?.template._id as string, { channel: { type: 'in_app', enabled: true } });
    });

    it('global preferences: one element with every channel; PATCH takes type or channelType', async () => {
      const initial = await get('/v1/widgets/preferences/global');
      expect(initial.json()).toEqual({
        data: [
          {
            preference: {
              enabled: true,
              channels: { in_app: true, email: true, sms: true, chat: true, push: true },
            },
          },
        ],
      });
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/v1/widgets/preferences',
        headers: alice.headers,
        payload: {
          preferences: [
            { channelType: 'email', enabled: false, type: 'email' },
            { channelType: 'sms', enabled: false },
          ],
          enabled: true,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: {
          preference: {
            enabled: true,
            channels: { in_app: true, email: false, sms: false, chat: true, push: true },
          },
        },
      });
      expect((await get('/v1/widgets/preferences/global')).json().data[0].preference.channels.sms).toBe(
        false,
      );
    });

    it('critical workflows cannot be turned off', async () => {
      const created = await f.v1('POST', '/v1/workflows', {
        name: 'Security alert',
        critical: true,
        steps: [{ type: 'in_app', content: 'x' }],
      });
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/v1/widgets/preferences/${created.json().data._id}`,
        headers: alice.headers,
        payload: { enabled: false },
      });
      expect(response.statusCode).toBe(400);
    });

    it('POST /usage/log answers 201 {data: {success: true}}', async () => {
      const response = await post('/v1/widgets/usage/log', {
        name: '[Widget] - Notification Click',
        payload: { notificationId: 'x', hasCta: true },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ data: { success: true } });
    });
  });

  describe('deletions', () => {
    it('DELETE /messages/:id soft-deletes the caller’s own message (200, the document), 404 for others', async () => {
      const [first] = (await feedOf('?limit=1')).data;
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/v1/widgets/messages/${first?._id}`,
        headers: { ...alice.headers, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        _id: first?._id,
        deleted: true,
        deletedAt: expect.any(String),
      });
      expect((await feedOf('?limit=100')).data.map((m) => m._id)).not.toContain(first?._id);
      const [bobs] = (await feedOf('', bob.headers)).data;
      const foreign = await t.app.inject({
        method: 'DELETE',
        url: `/v1/widgets/messages/${bobs?._id}`,
        headers: alice.headers,
      });
      expect(foreign.statusCode).toBe(404);
      expect((await feedOf('', bob.headers)).data).toHaveLength(1);
      const unknown = await t.app.inject({
        method: 'DELETE',
        url: '/v1/widgets/messages/zzz',
        headers: alice.headers,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('POST /messages/bulk/delete: 1–100 ObjectIds, 200 {}; only the caller’s are deleted', async () => {
      const ids = (await feedOf('?limit=2')).data.map((m) => m._id);
      const [bobs] = (await feedOf('', bob.headers)).data;
      const response = await post('/v1/widgets/messages/bulk/delete', { messageIds: [...ids, bobs?._id] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
      const remaining = (await feedOf('?limit=100')).data.map((m) => m._id);
      expect(remaining).not.toContain(ids[0]);
      expect((await feedOf('', bob.headers)).data).toHaveLength(1);
      for (const messageIds of [[], ['not-hex'], Array.from({ length: 101 }, (_, i) => toHexId(i + 1))]) {
        expect((await post('/v1/widgets/messages/bulk/delete', { messageIds })).statusCode).toBe(400);
      }
    });

    it('DELETE /messages?feedId= takes a feed _id (400 if not an id, 404 if unknown) and answers 204', async () => {
      const del = (query: string) =>
        t.app.inject({ method: 'DELETE', url: `/v1/widgets/messages${query}`, headers: alice.headers });
      expect((await del('?feedId=orders')).statusCode).toBe(400);
      expect((await del(`?feedId=${toHexId(987_654)}`)).statusCode).toBe(404);
      const byFeed = await del(`?feedId=${ordersFeedId}`);
      expect(byFeed.statusCode).toBe(204);
      expect(byFeed.body).toBe('');
      expect((await feedOf('?feedIdentifier=orders')).data).toEqual([]);
      expect((await feedOf('?feedIdentifier=alerts')).data.length).toBeGreaterThan(0);
      expect((await del('')).statusCode).toBe(204);
      expect((await feedOf()).data).toEqual([]);
      expect(await countOf('unseen')).toBe(0);
      expect((await feedOf('', bob.headers)).data).toHaveLength(1);
    });
  });

  describe('CORS', () => {
    it('answers preflights for any origin with the headers the clients send', async () => {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url: '/v1/widgets/notifications/feed',
        headers: {
          origin: 'https://shop.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization,content-type,user-agent',
        },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const allowed = String(response.headers['access-control-allow-headers']).toLowerCase().split(',');
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'user-agent']));
      expect(response.headers['access-control-allow-methods']).toContain('PATCH');
      expect(response.headers['access-control-max-age']).toBe('86400');
    });

    it('adds Access-Control-Allow-Origin to answers and errors', async () => {
      expect((await get('/v1/widgets/notifications/unseen')).headers['access-control-allow-origin']).toBe(
        '*',
      );
      expect((await get('/v1/widgets/notifications/unseen', {})).headers['access-control-allow-origin']).toBe(
        '*',
      );
    });
  });
});
