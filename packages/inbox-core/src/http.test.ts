import { describe, expect, it } from 'vitest';
import { WidgetApi } from './api';
import { RECONNECT_DEFAULTS } from './constants';
import { debounce } from './debounce';
import { InboxHttpError, InboxProtocolError } from './errors';
import { encodePayload, HttpClient, toQueryString } from './http';
import { createContainer } from './observable';
import { connectSocket } from './realtime';
import { fakeFetch, message, page } from './test/fakes';

const retry = { retries: 0, baseDelayMs: 1, maxDelayMs: 1 };

describe('HTTP client', () => {
  it('writes query strings like the 2.x clients: comma lists, booleans, absent values left out', () => {
    expect(
      toQueryString({ page: 0, feedIdentifier: ['a', 'b'], seen: false, read: undefined, x: null }),
    ).toBe('?page=0&feedIdentifier=a%2Cb&seen=false');
    expect(toQueryString({})).toBe('');
  });

  it('encodes the payload filter as base64 JSON (UTF-8)', () => {
    expect(encodePayload({ foo: 1 })).toBe('eyJmb28iOjF9');
    expect(JSON.parse(Buffer.from(encodePayload({ city: 'Zürich' }), 'base64').toString('utf8'))).toEqual({
      city: 'Zürich',
    });
  });

  it('unwraps {data}, keeps the feed body whole, treats 204 as undefined and sends the bearer', async () => {
    const m = message();
    const { fetch, calls } = fakeFetch([
      (call) =>
        call.path === '/notifications/unseen' ? { status: 200, body: { data: { count: 3 } } } : undefined,
      (call) =>
        call.path === '/notifications/feed' ? { status: 200, body: page([m], 0, false) } : undefined,
      (call) => (call.method === 'DELETE' ? { status: 204 } : undefined),
    ]);
    const http = new HttpClient({ backendUrl: 'http://inbox.test', fetch, retry });
    const api = new WidgetApi(http);
    http.setToken('tok');
    expect(await api.getUnseenCount()).toEqual({ count: 3 });
    expect(calls[0]?.query.get('limit')).toBe('100');
    expect(calls[0]?.auth).toBe('Bearer tok');
    const feed = await api.getFeed(0, { feedIdentifier: ['a', 'b'], payload: { x: 1 }, limit: 5 });
    expect(feed.data[0]?._id).toBe(m._id);
    expect(Object.fromEntries(calls[1]?.query ?? [])).toEqual({
      page: '0',
      feedIdentifier: 'a,b',
      payload: encodePayload({ x: 1 }),
      limit: '5',
    });
    await expect(api.removeAllMessages()).resolves.toBeUndefined();
    http.setToken(null);
    await api.removeAllMessages();
    expect(calls[3]?.auth).toBeNull();
  });

  it('turns error bodies into InboxHttpError with the server message, and bad shapes into protocol errors', async () => {
    const { fetch } = fakeFetch([
      (call) =>
        call.path === '/notifications/unread'
          ? { status: 400, body: { statusCode: 400, message: ['limit must be', 'at most 100'] } }
          : undefined,
      (call) =>
        call.path === '/notifications/unseen' ? { status: 200, body: { data: { count: -1 } } } : undefined,
      (call) =>
        call.path === '/notifications/feed'
          ? { status: 200, body: { ...page([message({ createdAt: 'never' })], 0, false) } }
          : undefined,
    ]);
    const api = new WidgetApi(new HttpClient({ backendUrl: 'http://inbox.test', fetch, retry }));
    const error = await api.getUnreadCount().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxHttpError);
    expect((error as InboxHttpError).status).toBe(400);
    expect((error as Error).message).toBe('HTTP error! Status: 400, Message: limit must be, at most 100');
    await expect(api.getUnseenCount()).rejects.toBeInstanceOf(InboxProtocolError);
    await expect(api.getFeed(0)).rejects.toThrow('createdAt');
  });

  it('sends the wire bodies: session, markAs, actions, preferences, usage log', async () => {
    const m = message();
    const { fetch, calls } = fakeFetch([
      (call) =>
        call.path === '/session/initialize'
          ? { status: 201, body: { data: { token: 't', profile: { _id: 'p' } } } }
          : undefined,
      (call) => (call.path === '/messages/markAs' ? { status: 201, body: { data: [m] } } : undefined),
      (call) => (call.path.includes('/actions/') ? { status: 201, body: { data: m } } : undefined),
      (call) =>
        call.path === '/preferences' && call.method === 'PATCH'
          ? { status: 200, body: { data: { preference: { enabled: true, channels: { email: false } } } } }
          : undefined,
      (call) => (call.path === '/usage/log' ? { status: 201, body: { data: { success: true } } } : undefined),
    ]);
    const api = new WidgetApi(new HttpClient({ backendUrl: 'http://inbox.test', fetch, retry }));
    await api.initializeSession({ applicationIdentifier: 'app', subscriberId: 'sub' });
    await api.markAs(['a', 'b'], { seen: true, read: false });
    await api.updateAction(m._id, 'primary', 'done', { ok: 1 });
    await api.updateGlobalPreference({
      enabled: true,
      preferences: [{ channelType: 'email', enabled: false }],
    });
    await api.logUsage('Notification Click', { notificationId: m._id, hasCta: false });
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/session/initialize', { applicationIdentifier: 'app', subscriberId: 'sub', hmacHash: null }],
      ['POST', '/messages/markAs', { messageId: ['a', 'b'], mark: { seen: true, read: false } }],
      [
        'POST',
        `/messages/${m._id}/actions/primary`,
        { executedType: 'primary', status: 'done', payload: { ok: 1 } },
      ],
      [
        'PATCH',
        '/preferences',
        { enabled: true, preferences: [{ type: 'email', channelType: 'email', enabled: false }] },
      ],
      [
        'POST',
        '/usage/log',
        { name: '[Widget] - Notification Click', payload: { notificationId: m._id, hasCta: false } },
      ],
    ]);
  });
});

describe('small pieces', () => {
  it('the container publishes new snapshots only on change and unsubscribes', () => {
    const container = createContainer({ n: 0 });
    let heard = 0;
    const stop = container.subscribe(() => {
      heard += 1;
    });
    const first = container.getSnapshot();
    container.set(first);
    expect(heard).toBe(0);
    container.update((s) => ({ n: s.n + 1 }));
    expect(heard).toBe(1);
    expect(container.getSnapshot()).toEqual({ n: 1 });
    stop();
    container.update((s) => ({ n: s.n + 1 }));
    expect(heard).toBe(1);
  });

  it('debounce runs once after the last call, and can be cancelled', async () => {
    let runs = 0;
    const d = debounce(() => {
      runs += 1;
    }, 20);
    d();
    d();
    expect(d.pending).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toBe(1);
    d();
    d.cancel();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toBe(1);
  });

  it('the socket reconnects with back-off 1 s → 10 s, jitter 0.5, websocket only, token in auth', () => {
    const socket = connectSocket(
      'http://127.0.0.1:9',
      'tok',
      RECONNECT_DEFAULTS,
    ) as import('socket.io-client').Socket;
    try {
      expect(socket.io.reconnectionDelay()).toBe(1000);
      expect(socket.io.reconnectionDelayMax()).toBe(10_000);
      expect(socket.io.randomizationFactor()).toBe(0.5);
      expect(socket.io.opts.transports).toEqual(['websocket']);
      expect(socket.auth).toEqual({ token: 'tok' });
    } finally {
      socket.disconnect();
    }
  });
});
