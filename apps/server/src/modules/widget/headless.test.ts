import { HeadlessService } from '@novu/headless';
import { HeadlessService as HeadlessService024 } from 'novu-headless-0-24';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createNotifyFixture, type NotifyFixture } from '../notify/testing';

/**
 * The published inbox clients, unchanged, against a listening server on 127.0.0.1: session,
 * feed, counts, mark as read, and the unseen count arriving over the socket after a trigger.
 * 2.6.6 uses fetch with comma lists; 0.24.2 uses axios with `key[]=` arrays.
 */
type Headless = InstanceType<typeof HeadlessService> | InstanceType<typeof HeadlessService024>;

function untilSettled<T>(
  start: (resolve: (value: T) => void, reject: (error: unknown) => void) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), 10_000);
    start(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const clients = [
  { name: '@novu/headless 2.6.6', Service: HeadlessService },
  { name: '@novu/headless 0.24.2', Service: HeadlessService024 },
] as const;

describe.each(clients)('$name against Forecourt', ({ Service }) => {
  let t: TestApp;
  let f: NotifyFixture;
  let baseUrl: string;
  let headless: Headless;
  const subscriberId = `headless-${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    headless = new Service({
      applicationIdentifier: f.environment.applicationIdentifier,
      subscriberId,
      subscriberHash: f.hash(subscriberId),
      backendUrl: baseUrl,
      socketUrl: baseUrl,
      config: { retry: 0 },
    } as never);
  });

  afterAll(async () => {
    // Let the client's own refetches (after a mutation) finish: a response sent while the server
    // closes would leave a keep-alive connection open until its timeout.
    const client = (headless as unknown as { queryClient: { isFetching(): number; isMutating(): number } })
      .queryClient;
    for (let i = 0; i < 100 && client.isFetching() + client.isMutating() > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    (headless as unknown as { socket?: { disconnect(): void } }).socket?.disconnect();
    await t.close();
  });

  it('initializes a session (subscriber created, HMAC checked)', async () => {
    const session = await untilSettled<{ token: string }>((resolve, reject) =>
      headless.initializeSession({ listener: () => undefined, onSuccess: resolve as never, onError: reject }),
    );
    expect(session.token.split('.')).toHaveLength(3);
    const subscriber = await f.v1('GET', `/v1/subscribers/${subscriberId}`);
    expect(subscriber.statusCode).toBe(200);
  });

  it('hears the unseen count change over the socket after a trigger, then reads the feed', async () => {
    const socket = (
      headless as unknown as { socket: { connected: boolean; once(e: string, f: () => void): void } }
    ).socket;
    if (!socket.connected) await untilSettled<void>((resolve) => socket.once('connect', () => resolve()));
    // The server joins the room right after checking the token.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const counts: number[] = [];
    const heard = untilSettled<number>((resolve) => {
      headless.listenUnseenCountChange({
        listener: (count: number) => {
          counts.push(count);
          resolve(count);
        },
      });
    });
    const trigger = await f.v1('POST', '/v1/events/trigger', {
      name: 'system-announcement',
      to: subscriberId,
      payload: { title: 'Tank calibration', body: 'Sunday 06:00', url: 'https://forecourt.test/notice' },
    });
    expect(trigger.statusCode).toBe(201);
    expect(await heard).toBe(1);

    const page = await untilSettled<{
      data: { _id: string; content: string; seen: boolean }[];
      hasMore: boolean;
      page: number;
    }>((resolve, reject) =>
      headless.fetchNotifications({
        page: 0,
        query: {
          feedIdentifier: ['announcements', 'other'],
          seen: false,
          limit: 20,
          payload: { title: 'Tank calibration' },
        },
        listener: () => undefined,
        onSuccess: resolve as never,
        onError: reject,
      }),
    );
    expect(page.page).toBe(0);
    expect(page.hasMore).toBe(false);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]?.content).toBe('<strong>Tank calibration</strong><br>Sunday 06:00');

    const unseen = await untilSettled<{ count: number }>((resolve, reject) =>
      headless.fetchUnseenCount({ listener: () => undefined, onSuccess: resolve as never, onError: reject }),
    );
    expect(unseen.count).toBe(1);

    const marked = await untilSettled<{ _id: string; read: boolean; seen: boolean }[]>((resolve, reject) =>
      headless.markNotificationsAsRead({
        messageId: page.data[0]?._id as string,
        listener: () => undefined,
        onSuccess: resolve as never,
        onError: reject,
      }),
    );
    expect(marked).toEqual([expect.objectContaining({ _id: page.data[0]?._id, read: true, seen: true })]);
    const unread = await t.app.inject({
      method: 'GET',
      url: '/v1/widgets/notifications/unread',
      headers: {
        authorization: `Bearer ${(headless as unknown as { session: { token: string } }).session.token}`,
      },
    });
    expect(unread.json()).toEqual({ data: { count: 0 } });
  });
});
