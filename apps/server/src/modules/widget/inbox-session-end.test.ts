import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createSignedInUser } from '../../test/factories';
import { createNotifyFixture, type NotifyFixture, widgetSession } from '../notify/testing';

/** An inbox socket with its token; resolves once the server accepted it (or dropped it). */
function openSocket(url: string, token: string) {
  const socket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
  const accepted = new Promise<boolean>((resolve) => {
    socket.once('connect_error', () => resolve(false));
    socket.once('connect', () => setTimeout(() => resolve(socket.connected), 300));
  });
  return { socket, closed, accepted };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen`)), ms)),
  ]);

describe('inbox sessions end with the account and with the key', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let url: string;
  const sockets: Socket[] = [];
  const feed = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/v1/widgets/notifications/feed', headers });

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it('logout ends a dashboard user’s inbox session and disconnects its live socket', async () => {
    const member = await createSignedInUser(t.database.db, { organizationId: f.organization.id });
    const inbox = await widgetSession(t.app, f, String(member.user.id));
    expect((await feed(inbox.headers)).statusCode).toBe(200);
    const live = openSocket(url, inbox.token);
    sockets.push(live.socket);
    expect(await live.accepted).toBe(true);

    const logout = await t.app.inject({ method: 'PUT', url: '/api/auth/logout', headers: member.headers });
    expect(logout.statusCode).toBe(204);
    expect((await feed(inbox.headers)).statusCode).toBe(401);
    await within(live.closed, 5_000, 'the socket disconnecting');
    // The same token cannot reconnect either.
    const again = openSocket(url, inbox.token);
    sockets.push(again.socket);
    expect(await again.accepted).toBe(false);
  });

  it('disabling a member ends their inbox and refuses a new one', async () => {
    const member = await createSignedInUser(t.database.db, { organizationId: f.organization.id });
    const inbox = await widgetSession(t.app, f, String(member.user.id));
    expect((await feed(inbox.headers)).statusCode).toBe(200);
    const membership = await t.database.db
      .selectFrom('memberships')
      .select('id')
      .where('userId', '=', member.user.id)
      .executeTakeFirstOrThrow();
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/members/${membership.id}/disable`,
      headers: f.admin.headers,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await feed(inbox.headers)).statusCode).toBe(401);
    await expect(widgetSession(t.app, f, String(member.user.id))).rejects.toThrow(/403/);
  });

  it('rotating the secret key ends the sessions made with the old key, live sockets included', async () => {
    const inbox = await widgetSession(t.app, f, 'outside-subscriber-1');
    expect((await feed(inbox.headers)).statusCode).toBe(200);
    const live = openSocket(url, inbox.token);
    sockets.push(live.socket);
    expect(await live.accepted).toBe(true);
    // Let the session cache's entry age out the way it would across processes.
    t.clock.advance(10_000);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/platform/notifications/environment/rotate',
      headers: f.admin.headers,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await feed(inbox.headers)).statusCode).toBe(401);
    await within(live.closed, 5_000, 'the socket disconnecting');
  });
});
