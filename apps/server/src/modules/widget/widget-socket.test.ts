import { INBOX_SOCKET_EVENTS, type TInboxSocketEventName } from '@forecourt/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createNotifyFixture, type NotifyFixture, widgetSession } from '../notify/testing';

type Event = { name: string; payload: Record<string, unknown> };

/** A socket.io client on the default namespace that records every event it receives. */
function client(url: string, token: { auth?: string; query?: string }) {
  const socket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token.auth === undefined ? {} : { auth: { token: token.auth } }),
    ...(token.query === undefined ? {} : { query: { token: token.query } }),
  });
  const events: Event[] = [];
  socket.onAny((name: string, payload: Record<string, unknown>) => events.push({ name, payload }));
  const waitFor = (count: number, timeoutMs = 5000) =>
    new Promise<Event[]>((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        if (events.length >= count) return resolve(events.slice());
        if (Date.now() - started > timeoutMs) return reject(new Error(`only ${JSON.stringify(events)}`));
        setTimeout(check, 10);
      };
      check();
    });
  return { socket, events, waitFor };
}

const settled = (socket: Socket) =>
  new Promise<'connected' | 'disconnected'>((resolve) => {
    socket.once('disconnect', () => resolve('disconnected'));
    socket.once('connect_error', () => resolve('disconnected'));
    // The server checks the token after the connection: give it time to refuse.
    socket.once('connect', () =>
      setTimeout(() => resolve(socket.connected ? 'connected' : 'disconnected'), 300),
    );
  });

describe('inbox realtime (socket.io, default namespace)', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  const open = async (token: { auth?: string; query?: string }) => {
    const c = client(url, token);
    sockets.push(c.socket);
    return { ...c, state: await settled(c.socket) };
  };

  it('disconnects right after connect without a token, with "null", or with a bad or foreign token', async () => {
    const accessToken = f.admin.tokens.access_token;
    for (const token of [
      {},
      { query: 'null' },
      { auth: 'null' },
      { auth: 'abc.def.ghi' },
      { query: accessToken },
    ]) {
      const { state, socket } = await open(token);
      expect(state).toBe('disconnected');
      expect(socket.connected).toBe(false);
    }
  });

  it('takes the token from auth or from the query, and marks the subscriber online', async () => {
    const session = await widgetSession(t.app, f, 'sock-1');
    const viaAuth = await open({ auth: session.token });
    const viaQuery = await open({ query: session.token });
    expect([viaAuth.state, viaQuery.state]).toEqual(['connected', 'connected']);
    expect((await f.v1('GET', '/v1/subscribers/sock-1')).json().data.isOnline).toBe(true);
    viaAuth.socket.disconnect();
    viaQuery.socket.disconnect();
    // The server notices the disconnects on its own time: wait for it rather than for a fixed delay.
    await vi.waitFor(
      async () => {
        const after = (await f.v1('GET', '/v1/subscribers/sock-1')).json().data;
        expect(after).toMatchObject({ isOnline: false, lastOnlineAt: expect.any(String) });
      },
      { timeout: 15_000, interval: 50 },
    );
  });

  it('after a trigger: notification_received {message}, then both counts, in every tab of the subscriber', async () => {
    const session = await widgetSession(t.app, f, 'sock-2');
    const tabA = await open({ query: session.token });
    const tabB = await open({ auth: session.token });
    const someoneElse = await open({ auth: (await widgetSession(t.app, f, 'sock-3')).token });
    const trigger = await f.v1('POST', '/v1/events/trigger', {
      name: 'system-announcement',
      to: 'sock-2',
      payload: { title: 'Pump 3 back in service' },
    });
    expect(trigger.statusCode).toBe(201);
    for (const tab of [tabA, tabB]) {
      const events = await tab.waitFor(3);
      expect(events.map((event) => event.name)).toEqual([
        'notification_received',
        'unseen_count_changed',
        'unread_count_changed',
      ]);
      expect(events[0]?.payload.message).toMatchObject({
        content: '<strong>Pump 3 back in service</strong>',
        seen: false,
        read: false,
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        // What the newer Inbox client maps from the event: cta always, subscriber, workflow, …
        cta: { type: 'redirect' },
        subscriber: { subscriberId: 'sock-2' },
        workflow: { identifier: 'system-announcement', severity: 'none' },
        tags: ['system'],
        data: { title: 'Pump 3 back in service' },
        severity: 'none',
      });
      expect(events[1]?.payload).toEqual({ unseenCount: 1, hasMore: false });
      expect(events[2]?.payload).toEqual({
        unreadCount: 1,
        hasMore: false,
        counts: { total: 1, severity: { high: 0, medium: 0, low: 0, none: 1 } },
      });
      // Each payload as it arrived matches its event's contract schema.
      for (const event of events) {
        const schema = INBOX_SOCKET_EVENTS[event.name as TInboxSocketEventName];
        expect(schema.safeParse(event.payload).error).toBeUndefined();
      }
    }
    expect(someoneElse.events).toEqual([]);

    // Every mutation re-emits the counts it changes.
    const messageId = (tabA.events[0]?.payload.message as { _id: string } | undefined)?._id;
    tabA.events.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/v1/widgets/messages/markAs',
      headers: session.headers,
      payload: { messageId, mark: { seen: true } },
    });
    expect((await tabA.waitFor(1)).map((event) => [event.name, event.payload])).toEqual([
      ['unseen_count_changed', { unseenCount: 0, hasMore: false }],
    ]);
    tabA.events.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/v1/widgets/messages/read',
      headers: session.headers,
      payload: {},
    });
    const afterRead = await tabA.waitFor(2);
    expect(afterRead.find((event) => event.name === 'unread_count_changed')?.payload).toMatchObject({
      unreadCount: 0,
      hasMore: false,
      counts: { total: 0 },
    });
  });

  it('caps the counts at 100 with hasMore', async () => {
    const session = await widgetSession(t.app, f, 'sock-busy');
    const transactionIds: string[] = [];
    for (let i = 0; i < 101; i++) {
      const response = await f.v1('POST', '/v1/events/trigger', {
        name: 'system-announcement',
        to: 'sock-busy',
        payload: { title: `n${i}` },
      });
      transactionIds.push(response.json().data.transactionId);
    }
    await t.app.notify.queue.drain();
    const tab = await open({ auth: session.token });
    await f.v1('POST', '/v1/events/trigger', {
      name: 'system-announcement',
      to: 'sock-busy',
      payload: { title: 'last' },
    });
    const events = await tab.waitFor(3);
    expect(events[1]?.payload).toEqual({ unseenCount: 100, hasMore: true });
    expect(events[2]?.payload).toEqual({
      unreadCount: 100,
      hasMore: true,
      counts: { total: 99, severity: { high: 0, medium: 0, low: 0, none: 99 } },
    });
    const unseen = await t.app.inject({
      method: 'GET',
      url: '/v1/widgets/notifications/unseen',
      headers: session.headers,
    });
    expect(unseen.json()).toEqual({ data: { count: 100 } });
  });
});
