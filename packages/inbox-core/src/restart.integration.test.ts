import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../apps/server/src/app';
import {
  createNotifyFixture,
  type NotifyFixture,
  triggerAndWait,
} from '../../../apps/server/src/modules/notify/testing';
import { createTestApp, type TestApp } from '../../../apps/server/src/test/create-test-app';
import { createInboxClient, type InboxClient, type InboxState } from './client';
import { MemoryStorage } from './test/fakes';

/**
 * A real server restart: the server process goes away (HTTP and socket.io closed), messages are
 * delivered while the widget is disconnected, a new server starts on the same port over the same
 * database. The client reconnects on its own and refetches the counts, the store badges and the
 * first page, so what it shows matches what the server stores.
 */
describe('inbox-core across a server restart', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let port: number;
  let client: InboxClient;
  const waitFor = <T>(check: () => T, timeout = 10_000) => vi.waitFor(check, { timeout, interval: 25 });
  const state = (): InboxState => client.getSnapshot();
  const announce = async (title: string) => {
    t.clock.advance(1000);
    const response = await triggerAndWait(t, f, {
      name: 'system-announcement',
      to: 'carol',
      payload: { title },
    });
    expect(response.statusCode).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    const url = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    port = Number(url.port);
    client = createInboxClient({
      backendUrl: url.origin,
      applicationIdentifier: f.environment.applicationIdentifier,
      subscriberId: 'carol',
      subscriberHash: f.hash('carol'),
      storage: new MemoryStorage(),
      eventTarget: null,
      countDebounceMs: 50,
      stores: [{ storeId: 'default_store' }, { storeId: 'unread', query: { read: false } }],
      reconnect: { delayMs: 200, maxDelayMs: 1000, jitter: 0.5 },
      logger: { error: vi.fn(), warn: vi.fn() },
    });
  });

  afterAll(async () => {
    client?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t?.close();
  });

  it('reconnects to the new server and refetches counts, store badges and the first page', async () => {
    await client.start();
    await client.fetchFeed();
    await client.fetchStoreCounts();
    await announce('Before the restart');
    await waitFor(() => expect(state().counts).toMatchObject({ unseen: 1, unread: 1 }));
    await waitFor(() => expect(state().connection).toBe('connected'));

    // Connected for a while (a refusal of the token would come at once).
    await new Promise((resolve) => setTimeout(resolve, 1200));
    // The server stops: the socket drops and the client starts retrying.
    await t.app.close();
    await waitFor(() => expect(['reconnecting', 'disconnected']).toContain(state().connection));

    // A new server over the same database (same signing key) delivers two messages before it
    // listens: nobody hears their socket events, only the resync after the reconnect can.
    const app = await createApp({
      database: t.database,
      webDist: mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
      auth: { secret: t.authSecret, now: t.clock.now },
    });
    await app.ready();
    t.app = app;
    await announce('While down 1');
    await announce('While down 2');
    expect(state().counts.unseen).toBe(1);
    await app.listen({ port, host: '127.0.0.1' });

    await waitFor(() => expect(state().connection).toBe('connected'));
    await waitFor(() => expect(state().counts).toMatchObject({ unseen: 3, unread: 3 }));
    await waitFor(() => expect(state().counts.stores).toMatchObject({ default_store: 3, unread: 3 }));
    await waitFor(() =>
      expect(state().feed.messages.map((m) => m.content)).toEqual([
        '<strong>While down 2</strong>',
        '<strong>While down 1</strong>',
        '<strong>Before the restart</strong>',
      ]),
    );

    // And it is live again: the next message arrives over the new socket.
    await announce('After the restart');
    await waitFor(() => expect(state().counts.unseen).toBe(4));
  }, 30_000);
});
