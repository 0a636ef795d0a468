import type { AddressInfo } from 'node:net';
import {
  OPERATIONS_NAMESPACE,
  type TOperationsClientEvents,
  type TOperationsEventName,
  type TOperationsEvents,
  type TOperationsServerEvents,
  type TSubscribeAck,
  type TSubscribeRequest,
  ZTransactionsCreatedEvent,
} from '@forecourt/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser } from '../../test/factories';
import { forgetUserState } from '../auth/forget-user-state';
import { createForecourt, createKey, type Forecourt, fill } from '../ingest/testing';

type Client = Socket<TOperationsServerEvents, TOperationsClientEvents>;
type Received = { name: TOperationsEventName; payload: TOperationsEvents[TOperationsEventName] };

/**
 * The operations namespace over a real socket.io client against the app listening on
 * 127.0.0.1: handshake auth, subscriptions limited to what the user sees, events after ingest.
 */
describe('realtime: the /operations namespace', () => {
  let t: TestApp;
  let url: string;
  let a: Forecourt; // org 1, the member sees it
  let b: Forecourt; // org 1, the member does not see it
  let c: Forecourt; // org 2
  const keys: Record<string, Record<string, string>> = {};
  const tokens: Record<string, string> = {};
  const users: Record<string, { userId: number }> = {};
  const clients: Client[] = [];
  let sourceCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const org = await createOrganization(db);
    const otherOrg = await createOrganization(db);
    a = await createForecourt(db, org.id, { slug: 'live-a' });
    b = await createForecourt(db, org.id, { slug: 'live-b' });
    c = await createForecourt(db, otherOrg.id, { slug: 'live-c' });
    const signIn = async (name: string, input: NonNullable<Parameters<typeof createSignedInUser>[1]>) => {
      const signedIn = await createSignedInUser(db, input);
      tokens[name] = signedIn.tokens.access_token;
      users[name] = { userId: signedIn.user.id };
      return signedIn.headers;
    };
    const admin = await signIn('admin', { organizationId: org.id, role: 'admin' });
    await signIn('member', { organizationId: org.id, role: 'member', stationIds: [a.station.id] });
    await signIn('leaving', { organizationId: org.id, role: 'member', stationIds: [a.station.id] });
    await signIn('narrowed', {
      organizationId: org.id,
      role: 'member',
      stationIds: [a.station.id, b.station.id],
    });
    const otherAdmin = await signIn('otherAdmin', { organizationId: otherOrg.id, role: 'admin' });
    await signIn('homeless', {});
    for (const [name, forecourt, headers] of [
      ['a', a, admin],
      ['b', b, admin],
      ['c', c, otherAdmin],
    ] as const) {
      keys[name] = { 'x-api-key': (await createKey(t.app, headers, forecourt.station.slug)).secret };
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
  });

  /** Connects and resolves once connected, or rejects with the handshake refusal. */
  function connect(token: string | undefined, transports: string[] = ['websocket']) {
    const client: Client = io(`${url}${OPERATIONS_NAMESPACE}`, {
      auth: token === undefined ? {} : { token },
      transports,
      reconnection: false,
      forceNew: true,
    });
    clients.push(client);
    const received: Received[] = [];
    client.onAny((name: TOperationsEventName, payload: Received['payload']) =>
      received.push({ name, payload }),
    );
    const ready = new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', (error) => reject(error));
    });
    return { client, received, ready };
  }
  const subscribe = (client: Client, stationIds: TSubscribeRequest['stationIds']) =>
    new Promise<TSubscribeAck>((resolve) => client.emit('subscribe', { stationIds }, resolve));
  /** Sends one fill to the station and returns its source id. */
  async function ingestAt(station: 'a' | 'b' | 'c') {
    const forecourt = { a, b, c }[station];
    const sourceId = `live-${++sourceCounter}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: keys[station],
      payload: { transactions: [fill(forecourt, sourceId, t.clock.now() - 5 * 60_000)] },
    });
    expect(response.statusCode, response.body).toBe(200);
    return sourceId;
  }
  /** Waits until `received` has an event matching `match` (or fails after 15 s: a busy machine is slow, not wrong). */
  async function until(received: Received[], match: (event: Received) => boolean) {
    const deadline = Date.now() + 15_000;
    while (!received.some(match)) {
      if (Date.now() > deadline) throw new Error(`no matching event; got ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return received.find(match) as Received;
  }
  const createdAt = (stationId: number) => (event: Received) =>
    event.name === 'transactions.created' && (event.payload as { stationId: number }).stationId === stationId;

  it('delivers transactions.created to a subscribed admin (polling, then upgraded)', async () => {
    const { client, received, ready } = connect(tokens.admin, ['polling', 'websocket']);
    await ready;
    expect(await subscribe(client, 'all')).toEqual({ ok: true, stationIds: 'all', refused: [] });
    const sourceId = await ingestAt('a');
    const event = await until(received, createdAt(a.station.id));
    const payload = ZTransactionsCreatedEvent.parse(event.payload);
    expect(payload).toMatchObject({ stationId: a.station.id, count: 1, amountPaise: 209_440 });
    expect(payload.latest).toHaveLength(1);
    const stored = await t.database.db
      .selectFrom('transactions')
      .select('id')
      .where('sourceId', '=', sourceId)
      .executeTakeFirstOrThrow();
    expect(payload.latest[0]?.id).toBe(stored.id);
    await until(received, (e) => e.name === 'sales.updated');
  });

  it('lets a member subscribe only to the stations they see, and sends them nothing else', async () => {
    const member = connect(tokens.member);
    const other = connect(tokens.otherAdmin);
    await Promise.all([member.ready, other.ready]);
    expect(await subscribe(member.client, [a.station.id, b.station.id, c.station.id])).toEqual({
      ok: true,
      stationIds: [a.station.id],
      refused: [b.station.id, c.station.id],
    });
    expect(await subscribe(member.client, 'all')).toEqual({
      ok: true,
      stationIds: [a.station.id],
      refused: [],
    });
    expect(await subscribe(other.client, 'all')).toMatchObject({ ok: true, stationIds: 'all' });

    // B first, then A, then C: by the time A's and C's events arrive, B's would have.
    await ingestAt('b');
    await ingestAt('a');
    await ingestAt('c');
    await until(member.received, createdAt(a.station.id));
    await until(other.received, createdAt(c.station.id));
    const stations = (list: Received[]) =>
      new Set(list.map((event) => (event.payload as { stationId: number }).stationId));
    expect(stations(member.received)).toEqual(new Set([a.station.id]));
    expect(stations(other.received)).toEqual(new Set([c.station.id]));

    // Unsubscribing stops the events.
    expect(await subscribe(member.client, [a.station.id])).toMatchObject({ ok: true });
    await new Promise<TSubscribeAck>((resolve) =>
      member.client.emit('unsubscribe', { stationIds: 'all' }, resolve),
    );
    const before = member.received.length;
    await ingestAt('a');
    await until(other.received, () => true); // give the server a moment to have emitted
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(member.received).toHaveLength(before);
  });

  it('answers a malformed subscription with ok: false', async () => {
    const { client, ready } = connect(tokens.admin);
    await ready;
    const answer = await new Promise<TSubscribeAck>((resolve) =>
      client.emit('subscribe', { stationIds: 'some' } as unknown as TSubscribeRequest, resolve),
    );
    expect(answer).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('refuses a handshake without a token, with a bad one, or without an organisation', async () => {
    const refusal = async (token: string | undefined) => {
      const { client, ready } = connect(token);
      const error = (await ready.then(
        () => null,
        (e: Error & { data?: { code: string } }) => e,
      )) as (Error & { data?: { code: string } }) | null;
      expect(client.connected).toBe(false);
      return error?.data?.code;
    };
    expect(await refusal(undefined)).toBe('UNAUTHENTICATED');
    expect(await refusal('not-a-token')).toBe('INVALID_TOKEN');
    expect(await refusal(`${tokens.admin}x`)).toBe('INVALID_TOKEN');
    expect(await refusal(tokens.homeless)).toBe('FORBIDDEN');
  });

  it('disconnects a socket whose membership was disabled, and narrows one whose stations were cut', async () => {
    const db = t.database.db;
    const leaving = connect(tokens.leaving);
    const narrowed = connect(tokens.narrowed);
    await Promise.all([leaving.ready, narrowed.ready]);
    expect(await subscribe(narrowed.client, 'all')).toEqual({
      ok: true,
      stationIds: [a.station.id, b.station.id],
      refused: [],
    });
    const disconnected = new Promise<string>((resolve, reject) => {
      leaving.client.once('disconnect', resolve);
      setTimeout(() => reject(new Error('still connected')), 3_000);
    });

    await db
      .updateTable('memberships')
      .set({ disabledAt: t.clock.now() })
      .where('userId', '=', users.leaving!.userId)
      .execute();
    const narrowedMembership = await db
      .selectFrom('memberships')
      .select('id')
      .where('userId', '=', users.narrowed!.userId)
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('membershipStations')
      .where('membershipId', '=', narrowedMembership.id)
      .where('stationId', '=', b.station.id)
      .execute();
    forgetUserState(db, users.leaving!.userId);
    forgetUserState(db, users.narrowed!.userId);
    await t.app.realtime.revalidate();

    expect(await disconnected).toBe('io server disconnect');
    await ingestAt('b');
    await ingestAt('a');
    await until(narrowed.received, createdAt(a.station.id));
    expect(narrowed.received.some(createdAt(b.station.id))).toBe(false);
  });
});

describe('realtime: shutdown', () => {
  it('closing the app drops open sockets as a transport close (clients reconnect) without waiting', async () => {
    const t = await createTestApp();
    const org = await createOrganization(t.database.db);
    const { tokens } = await createSignedInUser(t.database.db, { organizationId: org.id, role: 'admin' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const client: Client = io(`http://127.0.0.1:${port}${OPERATIONS_NAMESPACE}`, {
      auth: { token: tokens.access_token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => client.once('disconnect', resolve));
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    // Not 'io server disconnect', after which socket.io clients never try again.
    expect(await disconnected).toBe('transport close');
    client.close();
  });
});
