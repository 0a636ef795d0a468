import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createNotifyFixture,
  type NotifyFixture,
  triggerAndWait,
} from '../../../apps/server/src/modules/notify/testing';
import { createTestApp, type TestApp } from '../../../apps/server/src/test/create-test-app';
import { createInboxClient, type InboxClient, type InboxState } from './client';
import { TOKEN_STORAGE_KEY } from './constants';
import type { FetchLike } from './http';
import { MemoryStorage } from './test/fakes';

/**
 * The client against the real server listening on 127.0.0.1 (REST and socket.io): session,
 * paging, live counts, flags reconciled with what the server stores, reconnect resync and a
 * change of subscriber.
 */
describe('inbox-core against Forecourt', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let baseUrl: string;
  let client: InboxClient;
  const storage = new MemoryStorage();
  const events = new EventTarget();
  const requests: string[] = [];
  let holdRestUnseen: Promise<void> | null = null;
  const recordingFetch: FetchLike = async (input, init) => {
    const path = new URL(input).pathname;
    requests.push(`${init.method ?? 'GET'} ${path}`);
    // While set, REST unseen counts answer late, so a count seen before then came from the socket.
    if (holdRestUnseen && path.endsWith('/notifications/unseen')) await holdRestUnseen;
    return fetch(input, init);
  };
  const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 8000, interval: 20 });
  const state = (): InboxState => client.getSnapshot();

  const announce = async (to: string, title: string) => {
    t.clock.advance(1000);
    const response = await triggerAndWait(t, f, { name: 'system-announcement', to, payload: { title } });
    expect(response.statusCode).toBe(201);
  };
  /** What the server stores, read with the client's own token. */
  const serverView = async () => {
    const headers = { authorization: `Bearer ${storage.getItem(TOKEN_STORAGE_KEY)}` };
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers })).json();
    return {
      feed: (await get('/v1/widgets/notifications/feed?limit=100')).data as {
        _id: string;
        seen: boolean;
        read: boolean;
      }[],
      unseen: (await get('/v1/widgets/notifications/unseen')).data.count as number,
      unread: (await get('/v1/widgets/notifications/unread')).data.count as number,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    client = createInboxClient({
      backendUrl: baseUrl,
      applicationIdentifier: f.environment.applicationIdentifier,
      subscriberId: 'alice',
      subscriberHash: f.hash('alice'),
      storage,
      eventTarget: events,
      fetch: recordingFetch,
      countDebounceMs: 50,
      logger: { error: vi.fn(), warn: vi.fn() },
    });
  });

  afterAll(async () => {
    client?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t?.close();
  });

  it('initializes the session, stores the token, connects the socket and fetches the organization', async () => {
    await client.start();
    expect(state().session).toMatchObject({ status: 'ready', subscriberId: 'alice' });
    const token = storage.getItem(TOKEN_STORAGE_KEY);
    expect(token?.split('.')).toHaveLength(3);
    expect(client.api.http.token).toBe(token);
    expect(state().organization).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(state().counts).toMatchObject({ unseen: 0, unread: 0 });
    await waitFor(() => expect(state().connection).toBe('connected'));
    expect((await f.v1('GET', '/v1/subscribers/alice')).json().data.isOnline).toBe(true);
  });

  it('reads page 0, then page 1 while the server reports more', async () => {
    for (let i = 1; i <= 12; i++) await announce('alice', `Notice ${i}`);
    await client.fetchFeed();
    expect(state().feed).toMatchObject({ status: 'ready', hasMore: true });
    expect(state().feed.pages.map((p) => p.page)).toEqual([0]);
    expect(state().feed.messages).toHaveLength(10);
    expect(state().feed.messages[0]?.content).toBe('<strong>Notice 12</strong>');
    await client.fetchNextPage();
    expect(state().feed.pages.map((p) => p.page)).toEqual([0, 1]);
    expect(state().feed.hasMore).toBe(false);
    expect(
      state()
        .feed.messages.map((m) => m.content)
        .at(-1),
    ).toBe('<strong>Notice 1</strong>');
    expect(new Set(state().feed.messages.map((m) => m._id)).size).toBe(12);
    await waitFor(() => expect(state().counts.unseen).toBe(12));
  });

  it('hears the unseen count change over the socket after a trigger, then refetches the feed', async () => {
    const heard: number[] = [];
    events.addEventListener('forecourt:unseen_count_changed', (event) =>
      heard.push((event as CustomEvent<number>).detail),
    );
    // REST counts (which the unread event also schedules) are held back until the count is 13:
    // however slow the machine, the 13 can then only have come from the socket.
    let release = () => {};
    holdRestUnseen = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await announce('alice', 'Pump 3 back in service');
      await waitFor(() => expect(state().counts.unseen).toBe(13));
    } finally {
      holdRestUnseen = null;
      release();
    }
    expect(heard).toContain(13);
    await waitFor(() =>
      expect(state().feed.messages[0]?.content).toBe('<strong>Pump 3 back in service</strong>'),
    );
  });

  it('marks read / unread / seen at once and ends up as the server stores them', async () => {
    const [first, second] = state().feed.messages as unknown as [{ _id: string }, { _id: string }];
    const reading = client.markAsRead(first._id);
    expect(state().feed.messages[0]).toMatchObject({ _id: first._id, seen: true, read: true });
    await reading;
    let server = await serverView();
    expect(server.feed.find((m) => m._id === first._id)).toMatchObject({ seen: true, read: true });

    await client.markAsUnread(first._id);
    server = await serverView();
    expect(server.feed.find((m) => m._id === first._id)).toMatchObject({ seen: true, read: false });
    expect(state().feed.messages[0]).toMatchObject({ seen: true, read: false });

    await client.markAsSeen(second._id);
    server = await serverView();
    expect(server.feed.find((m) => m._id === second._id)).toMatchObject({ seen: true, read: false });
    await waitFor(async () => {
      const now = await serverView();
      expect(state().counts).toMatchObject({ unseen: now.unseen, unread: now.unread });
      expect(state().counts.unseen).toBe(11);
    });
    // The feed the client shows is the server's.
    await waitFor(async () => {
      const now = await serverView();
      const shown = state().feed.messages.map((m) => [m._id, m.seen, m.read]);
      expect(shown).toEqual(now.feed.slice(0, shown.length).map((m) => [m._id, m.seen, m.read]));
    });
  });

  it('marks all read', async () => {
    const marking = client.markAllAsRead();
    expect(state().feed.messages.every((m) => m.read && m.seen)).toBe(true);
    expect(state().counts).toMatchObject({ unseen: 0, unread: 0 });
    await marking;
    const server = await serverView();
    expect(server).toMatchObject({ unseen: 0, unread: 0 });
    expect(server.feed.every((m) => m.read && m.seen)).toBe(true);
    await waitFor(() => expect(state().feed.refreshing).toBe(false));
    expect(state().counts).toMatchObject({ unseen: 0, unread: 0 });
  });

  it('after the server drops the socket, reconnects and reads the counts and the first page again', async () => {
    for (const socket of t.app.realtime.io.of('/').sockets.values()) socket.conn.close();
    await waitFor(() => expect(state().connection).toBe('reconnecting'));
    // Nobody is listening now: these events are lost, only the resync can bring them.
    await announce('alice', 'While you were away 1');
    await announce('alice', 'While you were away 2');
    expect(state().counts.unseen).toBe(0);
    await waitFor(() => expect(state().connection).toBe('connected'));
    await waitFor(() => expect(state().counts).toMatchObject({ unseen: 2, unread: 2 }));
    await waitFor(() =>
      expect(
        state()
          .feed.messages.slice(0, 2)
          .map((m) => m.content),
      ).toEqual(['<strong>While you were away 2</strong>', '<strong>While you were away 1</strong>']),
    );
  });

  it('a change of subscriber clears everything and starts the other inbox', async () => {
    const aliceToken = storage.getItem(TOKEN_STORAGE_KEY);
    const switching = client.configure({
      applicationIdentifier: f.environment.applicationIdentifier,
      subscriberId: 'bob',
      subscriberHash: f.hash('bob'),
    });
    expect(state().feed.messages).toEqual([]);
    expect(state().counts).toMatchObject({ unseen: null, unread: null, stores: {} });
    expect(state().organization).toBeNull();
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await switching;
    const bobToken = storage.getItem(TOKEN_STORAGE_KEY);
    expect(bobToken).not.toBe(aliceToken);
    expect(state().session).toMatchObject({ status: 'ready', subscriberId: 'bob' });
    // The feed was in use, so bob's (empty) first page is read.
    expect(state().feed).toMatchObject({ status: 'ready', messages: [] });
    expect(state().counts).toMatchObject({ unseen: 0, unread: 0 });
    await waitFor(() => expect(state().connection).toBe('connected'));

    await announce('alice', 'Only for alice');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(state().counts.unseen).toBe(0);
    await announce('bob', 'Hello bob');
    await waitFor(() => expect(state().counts.unseen).toBe(1));
    await waitFor(() =>
      expect(state().feed.messages.map((m) => m.content)).toEqual(['<strong>Hello bob</strong>']),
    );
  });

  it('archives, unarchives, snoozes, unsnoozes and archives all read, each read back from the server', async () => {
    await announce('bob', 'Second for bob');
    await waitFor(() => expect(state().feed.messages).toHaveLength(2));
    const [newest, older] = state().feed.messages as unknown as [{ _id: string }, { _id: string }];
    const headers = { authorization: `Bearer ${storage.getItem(TOKEN_STORAGE_KEY)}` };
    const listed = async (query = '') =>
      (
        (await t.app.inject({ method: 'GET', url: `/v1/widgets/notifications/feed${query}`, headers })).json()
          .data as { _id: string; archived: boolean; read: boolean; snoozedUntil?: string }[]
      ).map((m) => m._id);

    await client.archive(newest._id);
    expect(await listed()).toEqual([older._id]);
    expect(await listed('?archived=true')).toEqual([newest._id]);
    await waitFor(() => expect(state().counts).toMatchObject({ unseen: 1, unread: 1 }));

    await client.setView('archived');
    expect(state().feed.messages.map((m) => m._id)).toEqual([newest._id]);
    await client.unarchive(newest._id);
    expect(state().feed.messages).toEqual([]);
    expect(await listed('?archived=true')).toEqual([]);
    expect(await listed()).toEqual([newest._id, older._id]);

    await client.setView('inbox');
    await waitFor(() => expect(state().feed.messages).toHaveLength(2));
    const until = new Date(t.clock.now() + 2 * 3_600_000);
    await client.snooze(older._id, until);
    expect(await listed()).toEqual([newest._id]);
    await client.setView('snoozed');
    expect(state().feed.messages.map((m) => [m._id, m.snoozedUntil])).toEqual([
      [older._id, until.toISOString()],
    ]);
    await client.unsnooze(older._id);
    expect(await listed('?snoozed=true')).toEqual([]);

    // Past the server's maximum (720 hours by default): refused, and the message stays.
    await client.setView('inbox');
    await waitFor(() => expect(state().feed.messages).toHaveLength(2));
    await expect(client.snooze(older._id, new Date(t.clock.now() + 800 * 3_600_000))).rejects.toThrow();
    expect(state().feed.messages.map((m) => m._id)).toContain(older._id);
    expect(await listed()).toContain(older._id);

    await client.markAsRead(newest._id);
    await client.archiveAllRead();
    expect(await listed('?archived=true')).toEqual([newest._id]);
    expect(await listed()).toEqual([older._id]);
    await waitFor(() => expect(state().feed.messages.map((m) => m._id)).toEqual([older._id]));
  });
});
