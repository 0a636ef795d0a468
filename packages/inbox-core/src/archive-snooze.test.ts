import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInboxClient } from './client';
import { snoozeChoices } from './snooze';
import { fakeFetch, fakeSockets, flush, MemoryStorage, message, page } from './test/fakes';
import type { InboxMessage } from './types';

/**
 * Archive, snooze and severity in the client, against a scripted server that keeps each message's
 * archived / snoozed state: the views list what the server lists, changes show at once, are rolled
 * back when the server refuses, and the counts follow.
 */

type Stored = InboxMessage & { snoozedUntil?: string };

function setup(messages: Stored[], options: { refuse?: Set<string>; maxSnoozeHours?: number } = {}) {
  const refuse = options.refuse ?? new Set<string>();
  const visible = (m: Stored) => !m.archived && !m.snoozedUntil;
  const { fetch, calls } = fakeFetch([
    (call) => (refuse.has(call.path) ? { status: 400, body: { message: 'refused' } } : undefined),
    (call) =>
      call.path === '/session/initialize'
        ? { status: 201, body: { data: { token: 'token-1', profile: { _id: 'p1' } } } }
        : undefined,
    (call) =>
      call.path === '/notifications/unseen'
        ? { status: 200, body: { data: { count: messages.filter((m) => visible(m) && !m.seen).length } } }
        : undefined,
    (call) =>
      call.path === '/notifications/unread'
        ? { status: 200, body: { data: { count: messages.filter((m) => visible(m) && !m.read).length } } }
        : undefined,
    (call) => {
      if (call.path !== '/notifications/feed') return undefined;
      const archived = call.query.get('archived') === 'true';
      const snoozed = call.query.get('snoozed') === 'true';
      const data = messages
        .filter((m) => (archived ? m.archived : snoozed ? Boolean(m.snoozedUntil) : visible(m)))
        .map((m) => ({ ...m }));
      return { status: 200, body: page(data, 0, false) };
    },
    (call) => {
      const match = /^\/v1\/inbox\/notifications\/([0-9a-f]+)\/(archive|unarchive|snooze|unsnooze)$/.exec(
        call.path,
      );
      const target = messages.find((m) => m._id === match?.[1]);
      if (!match || !target || call.method !== 'PATCH') return undefined;
      if (match[2] === 'archive') Object.assign(target, { archived: true, read: true, seen: true });
      if (match[2] === 'unarchive') target.archived = false;
      if (match[2] === 'snooze') target.snoozedUntil = (call.body as { snoozeUntil: string }).snoozeUntil;
      if (match[2] === 'unsnooze') delete target.snoozedUntil;
      return { status: 200, body: { data: { id: target._id } } };
    },
    (call) => {
      if (call.path !== '/v1/inbox/notifications/read-archive') return undefined;
      for (const m of messages) if (visible(m) && m.read) m.archived = true;
      return { status: 204 };
    },
    (call) => {
      if (call.path !== '/v1/inbox/notifications/count') return undefined;
      const filters = JSON.parse(call.query.get('filters') ?? '[]') as { severity: string }[];
      const data = filters.map((filter) => ({
        filter,
        count: messages.filter((m) => visible(m) && !m.read && m.severity === filter.severity).length,
      }));
      return { status: 200, body: { data } };
    },
  ]);
  const client = createInboxClient({
    backendUrl: 'http://inbox.test',
    applicationIdentifier: 'app-1',
    subscriberId: 'alice',
    fetch,
    storage: new MemoryStorage(),
    eventTarget: null,
    socketFactory: fakeSockets().factory,
    logger: { error: vi.fn(), warn: vi.fn() },
    countDebounceMs: 20,
    retry: { retries: 0 },
    initialFetch: { notifications: true, organization: false },
    ...(options.maxSnoozeHours ? { maxSnoozeHours: options.maxSnoozeHours } : {}),
  });
  return { client, calls };
}

const ids = (list: readonly InboxMessage[]) => list.map((m) => m._id);
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

afterEach(() => {
  vi.useRealTimers();
});

describe('archive', () => {
  it('archive takes the message out of the inbox and its counts at once; the archive view lists it', async () => {
    const [a, b] = [message(), message({ read: true, seen: true })] as [Stored, Stored];
    const { client, calls } = setup([a, b]);
    await client.start();
    expect(client.getSnapshot().counts.unread).toBe(1);

    const done = client.archive(a._id);
    expect(ids(client.getSnapshot().feed.messages)).toEqual([b._id]);
    expect(client.getSnapshot().counts).toMatchObject({ unread: 0, unseen: 0 });
    await done;
    const call = calls.find((c) => c.path === `/v1/inbox/notifications/${a._id}/archive`);
    expect(call).toMatchObject({ method: 'PATCH', auth: 'Bearer token-1' });

    await client.setView('archived');
    expect(client.getSnapshot().view).toBe('archived');
    expect(calls.at(-1)?.query.get('archived')).toBe('true');
    expect(ids(client.getSnapshot().feed.messages)).toEqual([a._id]);

    await client.unarchive(a._id);
    expect(client.getSnapshot().feed.messages).toEqual([]);
    await client.setView('inbox');
    expect(ids(client.getSnapshot().feed.messages).sort()).toEqual([a._id, b._id].sort());
  });

  it('a refused archive puts the message and the counts back', async () => {
    const a = message() as Stored;
    const { client } = setup([a], { refuse: new Set([`/v1/inbox/notifications/${a._id}/archive`]) });
    await client.start();
    await expect(client.archive(a._id)).rejects.toThrow('refused');
    expect(ids(client.getSnapshot().feed.messages)).toEqual([a._id]);
    expect(client.getSnapshot().counts.unread).toBe(1);
    expect(client.getSnapshot().error).toMatchObject({ scope: 'mutation', status: 400 });
  });

  it('archive all read removes the loaded read messages and keeps the unread ones', async () => {
    const unread = message() as Stored;
    const read = message({ read: true, seen: true }) as Stored;
    const { client } = setup([unread, read]);
    await client.start();
    await client.archiveAllRead();
    expect(ids(client.getSnapshot().feed.messages)).toEqual([unread._id]);
    await client.setView('archived');
    expect(ids(client.getSnapshot().feed.messages)).toEqual([read._id]);
  });
});

describe('snooze', () => {
  it('a snoozed message leaves the feed and counts; the snoozed view lists it with its time; unsnooze brings it back', async () => {
    const a = message() as Stored;
    const { client, calls } = setup([a]);
    await client.start();
    const until = new Date(Date.now() + 3_600_000);
    const snoozing = client.snooze(a._id, until);
    expect(client.getSnapshot().feed.messages).toEqual([]);
    expect(client.getSnapshot().counts.unseen).toBe(0);
    await snoozing;
    expect(calls.find((c) => c.path.endsWith('/snooze'))?.body).toEqual({ snoozeUntil: until.toISOString() });
    await waitFor(() => expect(client.getSnapshot().counts.unread).toBe(0));

    await client.setView('snoozed');
    expect(calls.at(-1)?.query.get('snoozed')).toBe('true');
    expect(client.getSnapshot().feed.messages.map((m) => [m._id, m.snoozedUntil])).toEqual([
      [a._id, until.toISOString()],
    ]);
    await client.unsnooze(a._id);
    expect(client.getSnapshot().feed.messages).toEqual([]);
    await waitFor(() => expect(client.getSnapshot().counts.unread).toBe(1));
  });

  it('offers an hour, tomorrow morning and next Monday morning, within the maximum', () => {
    const wednesday = new Date(2026, 0, 7, 15, 30);
    const choices = snoozeChoices(wednesday);
    expect(choices.map((c) => [c.key, c.until.getDate(), c.until.getHours()])).toEqual([
      ['hour', 7, 16],
      ['tomorrow', 8, 9],
      ['nextWeek', 12, 9],
    ]);
    expect(snoozeChoices(wednesday, 24).map((c) => c.key)).toEqual(['hour', 'tomorrow']);
    expect(snoozeChoices(wednesday, 0.5)).toEqual([]);
    // On a Sunday next week is tomorrow: offered once.
    expect(snoozeChoices(new Date(2026, 0, 11, 10)).map((c) => c.key)).toEqual(['hour', 'tomorrow']);
  });
});

describe('severity', () => {
  it('counts unread inbox messages per severity in one request and keeps them fresh after a change', async () => {
    const high = message({ severity: 'high' }) as Stored;
    const low = message({ severity: 'low' }) as Stored;
    const { client, calls } = setup([high, low]);
    await client.start();
    await client.fetchSeverityCounts();
    expect(client.getSnapshot().counts.severity).toEqual({ high: 1, medium: 0, low: 1, none: 0 });
    const asked = JSON.parse(calls.at(-1)?.query.get('filters') ?? '[]');
    expect(asked).toHaveLength(4);
    await client.archive(high._id);
    await waitFor(() =>
      expect(client.getSnapshot().counts.severity).toEqual({ high: 0, medium: 0, low: 1, none: 0 }),
    );
  });

  it('takes the severity counts of unread_count_changed when the server sends them', async () => {
    const sockets = fakeSockets();
    const { fetch } = fakeFetch([
      () => ({ status: 201, body: { data: { token: 't', profile: null, count: 0 } } }),
    ]);
    const client = createInboxClient({
      backendUrl: 'http://inbox.test',
      applicationIdentifier: 'app',
      subscriberId: 's',
      fetch,
      storage: null,
      eventTarget: null,
      socketFactory: sockets.factory,
      initialFetch: { organization: false, unseenCount: false, unreadCount: false },
      countDebounceMs: 10_000,
    });
    await client.start();
    sockets.sockets[0]?.socket.emit('unread_count_changed', {
      unreadCount: 3,
      counts: { total: 3, severity: { high: 2, medium: 1, low: 0, none: 0 } },
    });
    await flush();
    expect(client.getSnapshot().counts).toMatchObject({
      unread: 3,
      severity: { high: 2, medium: 1, low: 0, none: 0 },
    });
    client.destroy();
  });
});
