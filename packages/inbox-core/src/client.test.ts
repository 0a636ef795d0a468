import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInboxClient, type InboxClientOptions } from './client';
import { TOKEN_STORAGE_KEY } from './constants';
import { type Call, fakeFetch, fakeSockets, flush, MemoryStorage, message, page } from './test/fakes';
import type { InboxMessage } from './types';

/**
 * The client against a scripted server (fetch) and a scripted socket: session gating, stores,
 * paging, optimistic flags with rollback, count events and their debounce, reconnect resync.
 */

type Server = {
  messages: InboxMessage[];
  unseen: number;
  unread: number;
  fail: Set<string>;
  pageSize: number;
  /** While set, feed answers wait for it (holding what they read when asked). */
  feedGate?: Promise<void>;
};

function scriptedServer(overrides: Partial<Server> = {}) {
  const server: Server = { messages: [], unseen: 0, unread: 0, fail: new Set(), pageSize: 10, ...overrides };
  let tokens = 0;
  const { fetch, calls } = fakeFetch([
    (call) => (server.fail.has(call.path) ? { status: 500, body: { message: 'boom' } } : undefined),
    (call) =>
      call.path === '/session/initialize'
        ? {
            status: 201,
            body: {
              data: {
                token: `token-${(call.body as { subscriberId: string }).subscriberId}-${++tokens}`,
                profile: { _id: 'p1' },
              },
            },
          }
        : undefined,
    (call) =>
      call.path === '/organization'
        ? { status: 200, body: { data: { _id: 'o1', name: 'Acme' } } }
        : undefined,
    (call) =>
      call.path === '/notifications/unseen'
        ? { status: 200, body: { data: { count: server.unseen } } }
        : undefined,
    (call) =>
      call.path === '/notifications/unread'
        ? { status: 200, body: { data: { count: server.unread } } }
        : undefined,
    (call) =>
      call.path === '/notifications/count' ? { status: 200, body: { data: { count: 7 } } } : undefined,
    async (call) => {
      if (call.path !== '/notifications/feed') return undefined;
      const n = Number(call.query.get('page'));
      const size = Number(call.query.get('limit') ?? server.pageSize);
      // A copy: the answer shows the messages as they were when the page was asked for.
      const data = server.messages.slice(n * size, n * size + size).map((m) => ({ ...m }));
      if (server.feedGate) await server.feedGate;
      return { status: 200, body: page(data, n, server.messages.length > (n + 1) * size, size) };
    },
    (call) => {
      if (call.path !== '/messages/markAs') return undefined;
      const body = call.body as { messageId: string[]; mark: { seen?: boolean; read?: boolean } };
      const changed = server.messages
        .filter((m) => body.messageId.includes(m._id))
        .map((m) => Object.assign(m, body.mark));
      return { status: 201, body: { data: changed } };
    },
    (call) => (call.path === '/messages/read' ? { status: 201, body: { data: 2 } } : undefined),
    (call) => (call.path === '/messages/seen' ? { status: 201, body: { data: 2 } } : undefined),
  ]);
  return { server, fetch, calls };
}

function setup(options: Partial<InboxClientOptions> = {}, serverOverrides: Partial<Server> = {}) {
  const { server, fetch, calls } = scriptedServer(serverOverrides);
  const sockets = fakeSockets();
  const storage = new MemoryStorage();
  const events = new EventTarget();
  const logger = { error: vi.fn(), warn: vi.fn() };
  const client = createInboxClient({
    backendUrl: 'http://inbox.test',
    applicationIdentifier: 'app-1',
    subscriberId: 'alice',
    subscriberHash: 'hash-a',
    fetch,
    storage,
    eventTarget: events,
    socketFactory: sockets.factory,
    logger,
    countDebounceMs: 100,
    retry: { retries: 0 },
    ...options,
  });
  const paths = (filter?: (call: Call) => boolean) =>
    calls.filter((call) => (filter ? filter(call) : true)).map((call) => call.path);
  return { client, server, calls, paths, sockets, storage, events, logger };
}

const many = (n: number, overrides: Partial<InboxMessage> = {}) =>
  Array.from({ length: n }, () => message(overrides));

afterEach(() => {
  vi.useRealTimers();
});

describe('session', () => {
  it('does nothing at construction and touches no browser global (safe for SSR)', () => {
    const spy = vi.fn();
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: spy });
    try {
      const { client, calls } = setup({ storage: undefined, eventTarget: undefined });
      expect(client.getSnapshot().session.status).toBe('idle');
      expect(calls).toHaveLength(0);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });

  it('in a browser uses localStorage and dispatches the count events on document', async () => {
    const globals = globalThis as Record<string, unknown>;
    const storage = new MemoryStorage();
    const document = new EventTarget();
    const heard: unknown[] = [];
    document.addEventListener('forecourt:unread_count_changed', (event) =>
      heard.push((event as CustomEvent).detail),
    );
    Object.assign(globals, { window: {}, localStorage: storage, document });
    try {
      const { client } = setup({ storage: undefined, eventTarget: undefined }, { unread: 4 });
      await client.start();
      expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe('token-alice-1');
      expect(heard).toEqual([4]);
    } finally {
      for (const key of ['window', 'localStorage', 'document']) Reflect.deleteProperty(globals, key);
    }
  });

  it('starts only when both ids exist, then stores the token, connects the socket and fetches the organization', async () => {
    const { client, paths, storage, sockets, calls } = setup({ subscriberId: undefined });
    await client.start();
    expect(calls).toHaveLength(0);
    await client.configure({
      applicationIdentifier: 'app-1',
      subscriberId: 'alice',
      subscriberHash: 'hash-a',
    });
    expect(calls[0]?.body).toEqual({
      applicationIdentifier: 'app-1',
      subscriberId: 'alice',
      hmacHash: 'hash-a',
    });
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe('token-alice-1');
    expect(sockets.sockets.map((s) => s.token)).toEqual(['token-alice-1']);
    expect(paths().sort()).toEqual(
      ['/notifications/unread', '/notifications/unseen', '/organization', '/session/initialize'].sort(),
    );
    expect(calls.at(-1)?.auth).toBe('Bearer token-alice-1');
    const state = client.getSnapshot();
    expect(state.session).toEqual({ status: 'ready', subscriberId: 'alice', profile: { _id: 'p1' } });
    expect(state.organization).toEqual({ _id: 'o1', name: 'Acme' });
    expect(state.connection).toBe('connecting');
    sockets.sockets[0]?.socket.emit('connect');
    expect(client.getSnapshot().connection).toBe('connected');
  });

  it('an unchanged identity keeps the session; a new subscriber, app or hash resets everything', async () => {
    const { client, sockets, storage, server } = setup({ initialFetch: { notifications: true } });
    server.messages = many(3);
    server.unseen = 3;
    await client.start();
    await client.configure({
      applicationIdentifier: 'app-1',
      subscriberId: 'alice',
      subscriberHash: 'hash-a',
    });
    expect(sockets.sockets).toHaveLength(1);
    expect(client.getSnapshot().feed.messages).toHaveLength(3);

    server.messages = [];
    server.unseen = 0;
    const switching = client.configure({
      applicationIdentifier: 'app-1',
      subscriberId: 'bob',
      subscriberHash: 'hash-b',
    });
    // Cleared at once, before bob's session answers.
    const cleared = client.getSnapshot();
    expect(cleared.feed.messages).toEqual([]);
    expect(cleared.counts.unseen).toBeNull();
    expect(cleared.organization).toBeNull();
    expect(cleared.session).toMatchObject({ status: 'initializing', subscriberId: 'bob' });
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sockets.sockets[0]?.socket.disconnected).toBe(true);
    await switching;
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe('token-bob-2');
    expect(client.getSnapshot().counts.unseen).toBe(0);
    // Events of the old socket are ignored.
    sockets.sockets[0]?.socket.emit('unseen_count_changed', { unseenCount: 9, hasMore: false });
    expect(client.getSnapshot().counts.unseen).toBe(0);

    await client.configure({ applicationIdentifier: 'app-1', subscriberId: 'bob', subscriberHash: 'other' });
    expect(sockets.sockets).toHaveLength(3);
    client.destroy();
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(client.getSnapshot().session.status).toBe('idle');
  });

  it('logs "Failed to initialize the session" and clears the token when the session fails or has no token', async () => {
    const failing = setup({}, { fail: new Set(['/session/initialize']) });
    failing.storage.setItem(TOKEN_STORAGE_KEY, 'stale');
    await failing.client.start();
    expect(failing.logger.error).toHaveBeenCalledWith('Failed to initialize the session', expect.any(Error));
    expect(failing.client.getSnapshot().session.status).toBe('error');
    expect(failing.client.getSnapshot().error).toMatchObject({ scope: 'session', status: 500 });
    expect(failing.storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(failing.sockets.sockets).toHaveLength(0);

    const { fetch } = fakeFetch([() => ({ status: 201, body: { data: { profile: { _id: 'p' } } } })]);
    const tokenless = setup({ fetch });
    tokenless.storage.setItem(TOKEN_STORAGE_KEY, 'stale');
    await tokenless.client.start();
    expect(tokenless.storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(tokenless.client.api.http.token).toBeNull();
    expect(tokenless.logger.error).toHaveBeenCalledWith(
      'Failed to initialize the session',
      expect.any(Error),
    );
  });
});

describe('stores and paging', () => {
  it('pages from 0, asks page + 1 while hasMore, and stops after the last', async () => {
    const { client, server, calls } = setup({ pageSize: 10 });
    server.messages = many(23);
    await client.start();
    await client.fetchFeed();
    expect(client.getSnapshot().feed).toMatchObject({ status: 'ready', hasMore: true });
    expect(client.getSnapshot().feed.messages).toHaveLength(10);
    await client.fetchNextPage();
    await client.fetchNextPage();
    const feed = client.getSnapshot().feed;
    expect(feed.pages.map((p) => p.page)).toEqual([0, 1, 2]);
    expect(feed.messages.map((m) => m._id)).toEqual(server.messages.map((m) => m._id));
    expect(feed.hasMore).toBe(false);
    await client.fetchNextPage();
    const feedCalls = calls.filter((call) => call.path === '/notifications/feed');
    expect(feedCalls.map((call) => call.query.get('page'))).toEqual(['0', '1', '2']);
    expect(feedCalls.every((call) => call.query.get('limit') === '10')).toBe(true);
  });

  it('a first-page read overtaken by a newer one resolves only when the feed is ready', async () => {
    const { client, server } = setup({ pageSize: 10 });
    server.messages = many(12);
    await client.start();
    const gate = () => {
      let open!: () => void;
      const closed = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { closed, open };
    };
    const older = gate();
    const newer = gate();
    server.feedGate = older.closed;
    let firstDone = false;
    const first = client.fetchFeed().then(() => {
      firstDone = true;
    });
    await flush();
    server.feedGate = newer.closed;
    const second = client.fetchFeed();
    await flush();
    // The older answer arrives first: it is stale, and its caller waits for the newer read.
    older.open();
    await flush();
    expect(firstDone).toBe(false);
    expect(client.getSnapshot().feed.status).toBe('loading');
    newer.open();
    await first;
    expect(client.getSnapshot().feed).toMatchObject({ status: 'ready', hasMore: true });
    expect(client.getSnapshot().feed.messages).toHaveLength(10);
    await second;
  });

  it('starts on the first store (default_store without config); switching replaces the filter and reads page 0', async () => {
    const plain = setup();
    expect(plain.client.getSnapshot().activeStoreId).toBe('default_store');

    const { client, calls } = setup({
      stores: [
        { storeId: 'all' },
        { storeId: 'orders', query: { feedIdentifier: ['orders', 'billing'], seen: false, limit: 5 } },
      ],
    });
    expect(client.getSnapshot().activeStoreId).toBe('all');
    await client.start();
    await client.fetchFeed();
    await client.setStore('orders');
    expect(client.getSnapshot().feed.storeId).toBe('orders');
    const last = calls.filter((call) => call.path === '/notifications/feed').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      page: '0',
      feedIdentifier: 'orders,billing',
      seen: 'false',
      limit: '5',
    });
    await client.setStore('all');
    const back = calls.filter((call) => call.path === '/notifications/feed').at(-1);
    expect(Object.fromEntries(back?.query ?? [])).toEqual({ page: '0', limit: '10' });
    await expect(client.setStore('nope')).rejects.toThrow('Unknown inbox store "nope"');

    await client.fetchStoreCounts();
    expect(client.getSnapshot().counts.stores).toEqual({ all: 7, orders: 7 });
    const countCalls = calls.filter((call) => call.path === '/notifications/count');
    expect(countCalls.map((call) => Object.fromEntries(call.query))).toEqual([
      { seen: 'false', limit: '100' },
      { feedIdentifier: 'orders,billing', seen: 'false', limit: '100' },
    ]);
  });

  it('mark all read applies to the active store feeds', async () => {
    const { client, calls } = setup({
      stores: [{ storeId: 'orders', query: { feedIdentifier: 'orders' } }],
    });
    await client.start();
    await client.markAllAsRead();
    expect(calls.at(-1)).toMatchObject({ path: '/messages/read', body: { feedId: 'orders' } });
  });
});

describe('optimistic flags', () => {
  it('applies read / unread / seen at once, then keeps what the server stored', async () => {
    const { client, server } = setup();
    server.messages = many(3);
    server.unseen = 3;
    server.unread = 3;
    await client.start();
    await client.fetchFeed();
    const [a, b, c] = server.messages.map((m) => m._id) as [string, string, string];

    const reading = client.markAsRead(a);
    expect(client.getSnapshot().feed.messages[0]).toMatchObject({ _id: a, seen: true, read: true });
    expect(client.getSnapshot().counts).toMatchObject({ unseen: 2, unread: 2 });
    await reading;
    expect(client.getSnapshot().feed.messages[0]).toMatchObject({ seen: true, read: true });

    await client.markAsUnread(a);
    expect(client.getSnapshot().feed.messages[0]).toMatchObject({ seen: true, read: false });
    await client.markAsSeen(b);
    expect(client.getSnapshot().feed.messages[1]).toMatchObject({ seen: true, read: false });
    expect(client.getSnapshot().feed.messages[2]).toMatchObject({ _id: c, seen: false, read: false });
  });

  it('a page read before a change was confirmed never replaces the confirmed flags', async () => {
    const { client, server } = setup();
    server.messages = many(2);
    await client.start();
    await client.fetchFeed();
    const first = (server.messages[0] as InboxMessage)._id;
    // A refresh starts and reads the page while the message is still unread …
    let open = () => {};
    server.feedGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const refreshing = client.refetchFeed();
    await flush();
    // … then the message is marked read and the server confirms it …
    await client.markAsRead(first);
    expect(client.getSnapshot().feed.messages[0]).toMatchObject({ _id: first, read: true, seen: true });
    // … and the old page arrives: the confirmed flags stay.
    server.feedGate = undefined;
    open();
    await refreshing;
    expect(client.getSnapshot().feed.messages[0]).toMatchObject({ _id: first, read: true, seen: true });
    expect(client.getSnapshot().feed.refreshing).toBe(false);
  });

  it('rolls back the flags and counts when the server refuses', async () => {
    const { client, server } = setup();
    server.messages = many(2);
    server.unseen = 2;
    server.unread = 2;
    await client.start();
    await client.fetchFeed();
    server.fail.add('/messages/markAs');
    const id = server.messages[0]?._id as string;
    const attempt = client.markAsRead(id);
    expect(client.getSnapshot().feed.messages[0]).toMatchObject({ seen: true, read: true });
    await expect(attempt).rejects.toThrow('Status: 500');
    expect(client.getSnapshot().feed.messages[0]).toMatchObject({ seen: false, read: false });
    expect(client.getSnapshot().counts).toMatchObject({ unseen: 2, unread: 2 });
    expect(client.getSnapshot().error).toMatchObject({ scope: 'mutation', status: 500 });
  });

  it('mark fetched as read / as seen pick the right loaded messages', async () => {
    const { client, server, calls } = setup();
    const fresh = message();
    const seenOnly = message({ seen: true });
    const read = message({ seen: true, read: true });
    server.messages = [fresh, seenOnly, read];
    await client.start();
    await client.fetchFeed();
    await client.markFetchedAsSeen();
    expect(calls.at(-1)?.body).toEqual({ messageId: [fresh._id], mark: { seen: true, read: false } });
    await client.markFetchedAsRead();
    expect(calls.at(-1)?.body).toEqual({
      messageId: [fresh._id, seenOnly._id],
      mark: { seen: true, read: true },
    });
    expect(client.getSnapshot().feed.messages.every((m) => m.seen && m.read)).toBe(true);
  });

  it('mark all read / seen change every loaded message and zero the counts at once', async () => {
    const { client, server } = setup();
    server.messages = [message(), message({ seen: true, read: true })];
    server.unseen = 1;
    server.unread = 1;
    await client.start();
    await client.fetchFeed();
    const seeing = client.markAllAsSeen();
    expect(client.getSnapshot().feed.messages.map((m) => [m.seen, m.read])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(client.getSnapshot().counts).toMatchObject({ unseen: 0, unread: 1 });
    await seeing;
    const reading = client.markAllAsRead();
    expect(client.getSnapshot().feed.messages.every((m) => m.seen && m.read)).toBe(true);
    expect(client.getSnapshot().counts).toMatchObject({ unseen: 0, unread: 0 });
    await reading;
  });
});

describe('realtime', () => {
  it('count events replace the counts at once, dispatch forecourt: DOM events, and refetch after 100 ms', async () => {
    vi.useFakeTimers();
    const { client, server, sockets, events, calls } = setup();
    server.messages = many(2);
    await client.start();
    await client.fetchFeed();
    const heard: [string, unknown][] = [];
    for (const name of ['forecourt:unseen_count_changed', 'forecourt:unread_count_changed']) {
      events.addEventListener(name, (event) => heard.push([name, (event as CustomEvent).detail]));
    }
    const socket = sockets.sockets[0]?.socket;
    const before = calls.length;
    socket?.emit('unseen_count_changed', { unseenCount: 5, hasMore: false });
    socket?.emit('unseen_count_changed', { unseenCount: 6, hasMore: false });
    socket?.emit('unread_count_changed', { unreadCount: 101, hasMore: true });
    socket?.emit('unread_count_changed', { unreadCount: 'x' });
    expect(client.getSnapshot().counts).toMatchObject({ unseen: 6, unread: 101, unreadHasMore: true });
    expect(heard).toEqual([
      ['forecourt:unseen_count_changed', 5],
      ['forecourt:unseen_count_changed', 6],
      ['forecourt:unread_count_changed', 101],
    ]);
    await vi.advanceTimersByTimeAsync(99);
    expect(calls.length).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    // One refetch for the burst: the feed and (after an unread change) the unseen count.
    expect(
      calls
        .slice(before)
        .map((call) => call.path)
        .sort(),
    ).toEqual(['/notifications/feed', '/notifications/unseen']);
  });

  it('debounces by 1000 ms under the test runner unless told otherwise', async () => {
    vi.useFakeTimers();
    const { client, sockets, calls } = setup({ countDebounceMs: undefined });
    expect(client.countDebounceMs).toBe(1000);
    await client.start();
    await client.fetchFeed();
    const before = calls.length;
    sockets.sockets[0]?.socket.emit('unseen_count_changed', { unseenCount: 1, hasMore: false });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.length).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(calls.slice(before).map((call) => call.path)).toEqual(['/notifications/feed']);
  });

  it('hands received messages to listeners and refreshes the feed', async () => {
    vi.useFakeTimers();
    const { client, server, sockets } = setup();
    await client.start();
    await client.fetchFeed();
    const received: string[] = [];
    const stop = client.onNotificationReceived((m) => received.push(m._id));
    const incoming = message();
    server.messages = [incoming];
    sockets.sockets[0]?.socket.emit('notification_received', { message: incoming });
    sockets.sockets[0]?.socket.emit('notification_received', { message: { nope: true } });
    expect(received).toEqual([incoming._id]);
    await vi.advanceTimersByTimeAsync(100);
    await flush();
    expect(client.getSnapshot().feed.messages.map((m) => m._id)).toEqual([incoming._id]);
    stop();
  });

  it('after a reconnect reads the counts and the loaded pages again at once', async () => {
    const { client, server, sockets, calls } = setup({ pageSize: 2 });
    server.messages = many(3);
    await client.start();
    await client.fetchFeed();
    await client.fetchNextPage();
    const socket = sockets.sockets[0]?.socket;
    socket?.emit('connect');
    socket?.emit('disconnect', 'transport close');
    expect(client.getSnapshot().connection).toBe('reconnecting');
    server.messages = [message(), ...server.messages];
    server.unseen = 4;
    const before = calls.length;
    socket?.emit('connect');
    expect(client.getSnapshot().connection).toBe('connected');
    await vi.waitFor(() => expect(client.getSnapshot().feed.messages[0]?._id).toBe(server.messages[0]?._id));
    const refetched = calls.slice(before);
    expect(
      refetched.filter((call) => call.path === '/notifications/feed').map((call) => call.query.get('page')),
    ).toEqual(['0', '1']);
    expect(refetched.map((call) => call.path)).toEqual(
      expect.arrayContaining(['/notifications/unseen', '/notifications/unread']),
    );
    expect(client.getSnapshot().counts.unseen).toBe(4);
    expect(client.getSnapshot().feed.messages.map((m) => m._id)).toEqual(
      server.messages.slice(0, 4).map((m) => m._id),
    );
    socket?.emit('disconnect', 'io server disconnect');
    expect(client.getSnapshot().connection).toBe('disconnected');
  });
});
