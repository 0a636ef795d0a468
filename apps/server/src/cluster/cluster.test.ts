import { Agent, request } from 'node:http';
import { OPERATIONS_NAMESPACE, WIDGET_SOCKET_EVENTS } from '@forecourt/contracts';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackProxy, startProxy } from '../../../../scripts/cluster-proxy.mjs';
import { startPostgres } from '../../../../scripts/postgres-cluster.mjs';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { createForecourt, type Forecourt, fill } from '../modules/ingest/testing';
import { presetSecretKey } from '../modules/notify/environments.service';
import { notifyKeys, subscriberHash } from '../modules/notify/secrets';
import { createOrganization, createSignedInUser, createUser, TEST_PASSWORD } from '../test/factories';
import { redisServerBinary, startTestRedis, type TestRedis } from '../test/redis';
import { type ServerProcess, startServerProcess } from '../test/server-process';
import { type SmtpSink, startSmtpSink } from '../test/smtp-sink';

/**
 * Several Forecourt processes on one PostgreSQL and one Redis, as in a scaled deployment: two
 * real server processes (src/main.ts) on loopback, started at the same moment (so migrations run
 * under the advisory lock), with short job leases so a killed worker's jobs come back quickly.
 * The suite's PostgreSQL run (TEST_DATABASE_URL) skips this file: it starts its own cluster and
 * already runs in the SQLite pass.
 */
const canRun = redisServerBinary() !== null && !process.env.TEST_DATABASE_URL;
const LEASE_MS = 3_000;
const FANOUT_SUBSCRIBERS = 10_000;
/** Every tenth subscriber has an email address: the email step sends this many mails. */
const FANOUT_MAILS = FANOUT_SUBSCRIBERS / 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(!canRun)('two processes on PostgreSQL and Redis', () => {
  let pg: { url: string; stop(): void };
  let redis: TestRedis;
  let sink: SmtpSink;
  let database: DatabaseHandle;
  const servers: Record<'A' | 'B', ServerProcess> = {} as never;
  let env: Record<string, string>;
  const sockets: Socket[] = [];
  let proxy: LoopbackProxy | undefined;

  // Fixtures shared by the scenarios.
  let organizationId: number;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let otherAdmin: Awaited<ReturnType<typeof createSignedInUser>>;
  let forecourt: Forecourt;
  let stationKey: string;
  let environment: { id: number; applicationIdentifier: string };
  const secretKey = `cluster-secret-${'k'.repeat(40)}`;
  const apiKey = { authorization: `ApiKey ${secretKey}` };

  const start = (name: 'A' | 'B') => startServerProcess(`server ${name}`, env);
  async function call(
    server: 'A' | 'B',
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${servers[server].url}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text, json: () => JSON.parse(text) as Record<string, unknown> };
  }
  function connect(url: string, namespace: string, token: string, options: { reconnection?: boolean } = {}) {
    const socket = io(`${url}${namespace}`, {
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
    });
    sockets.push(socket);
    return socket;
  }
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      if (socket.connected) resolve();
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
  async function inboxToken(server: 'A' | 'B', subscriberId: string) {
    const response = await call(server, 'POST', '/v1/widgets/session/initialize', {
      applicationIdentifier: environment.applicationIdentifier,
      subscriberId,
      hmacHash: subscriberHash(secretKey, subscriberId),
    });
    expect(response.status, response.body).toBe(201);
    return (response.json().data as { token: string }).token;
  }
  async function workflow(name: string, steps: unknown[]) {
    const response = await call(
      'A',
      'POST',
      '/v1/workflows',
      { name, triggerIdentifier: name, steps },
      apiKey,
    );
    expect(response.status, response.body).toBe(201);
    return name;
  }

  beforeAll(async () => {
    [pg, redis, sink] = await Promise.all([startPostgres(), startTestRedis(), startSmtpSink()]);
    env = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      JOB_LEASE_MS: String(LEASE_MS),
      DATABASE_POOL_SIZE: '6',
      // The mail sink listens on loopback, which notification requests may reach only when allowed.
      NOTIFY_ALLOW_PRIVATE_NETWORKS: '127.0.0.0/8',
    };
    // Both at the same moment: one migrates under the advisory lock, the other waits and finds it done.
    [servers.A, servers.B] = await Promise.all([start('A'), start('B')]);
    database = openDatabase(pg.url, { poolSize: 4 });
    const db = database.db;

    const organization = await createOrganization(db);
    organizationId = organization.id;
    admin = await createSignedInUser(db, { organizationId, role: 'admin' });
    const other = await createOrganization(db);
    otherAdmin = await createSignedInUser(db, { organizationId: other.id, role: 'admin' });
    forecourt = await createForecourt(db, organizationId);
    const key = await call(
      'A',
      'POST',
      `/api/stations/${forecourt.station.slug}/api-keys`,
      { name: 'controller' },
      admin.headers,
    );
    expect(key.status, key.body).toBe(201);
    stationKey = key.json().secret as string;

    await presetSecretKey({ db, now: Date.now, keys: notifyKeys(db, Date.now) }, organizationId, secretKey);
    environment = await db
      .selectFrom('notifyEnvironments')
      .select(['id', 'applicationIdentifier'])
      .where('organizationId', '=', organizationId)
      .executeTakeFirstOrThrow();
    const integration = await call(
      'A',
      'POST',
      '/v1/integrations',
      {
        providerId: 'nodemailer',
        channel: 'email',
        credentials: {
          host: '127.0.0.1',
          port: Number(new URL(sink.url).port),
          from: 'alerts@forecourt.test',
          senderName: 'Forecourt',
        },
      },
      apiKey,
    );
    expect(integration.status, integration.body).toBe(201);
  }, 300_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await proxy?.close();
    await Promise.all(Object.values(servers).map((server) => server?.stop('SIGKILL')));
    await database?.close();
    await sink?.stop();
    await redis?.stop();
    pg?.stop();
  }, 120_000);

  it('ran the migrations once although both processes started together', async () => {
    const { rows } = await sql<{
      name: string;
      n: number;
    }>`select name, count(*)::int as n from kysely_migration group by name`.execute(database.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });

  it('a trigger accepted by A reaches an inbox socket connected to B', async () => {
    await workflow('cluster-hello', [{ type: 'in_app', content: 'Pump {{pump}} is down' }]);
    const subscriber = await call(
      'A',
      'POST',
      '/v1/subscribers',
      { subscriberId: 'asha', firstName: 'Asha' },
      apiKey,
    );
    expect(subscriber.status, subscriber.body).toBe(201);
    const socket = connect(servers.B.url, '/', await inboxToken('B', 'asha'));
    const received: { message: { content: string } }[] = [];
    const unseen: { unseenCount: number }[] = [];
    socket.on(WIDGET_SOCKET_EVENTS.received, (event) => received.push(event));
    socket.on(WIDGET_SOCKET_EVENTS.unseen, (event) => unseen.push(event));
    await connected(socket);
    // The room is joined once the token is checked: wait until B counts the subscriber online.
    await waitFor(
      'the inbox socket to be online',
      async () =>
        (
          await database.db
            .selectFrom('notifySubscribers')
            .select('isOnline')
            .where('environmentId', '=', environment.id)
            .where('subscriberId', '=', 'asha')
            .executeTakeFirst()
        )?.isOnline === 1,
    );

    const trigger = await call(
      'A',
      'POST',
      '/v1/events/trigger',
      { name: 'cluster-hello', to: 'asha', payload: { pump: 7 } },
      apiKey,
    );
    expect(trigger.status, trigger.body).toBe(201);
    await waitFor('the message on the socket at B', () => received.length > 0);
    expect(received[0]?.message.content).toBe('Pump 7 is down');
    await waitFor('the badge count on the socket at B', () =>
      unseen.some((event) => event.unseenCount === 1),
    );
    await sleep(500);
    expect(received, 'exactly once, not once per process').toHaveLength(1);
  }, 120_000);

  it('an ingest batch sent to A raises the live station event at B (only in its organisation) and a list read at B sees it', async () => {
    const dashboard = connect(servers.B.url, OPERATIONS_NAMESPACE, admin.tokens.access_token);
    const stranger = connect(servers.B.url, OPERATIONS_NAMESPACE, otherAdmin.tokens.access_token);
    const events: { name: string; payload: { stationId: number } }[] = [];
    const strangerEvents: unknown[] = [];
    dashboard.onAny((name: string, payload: { stationId: number }) => events.push({ name, payload }));
    stranger.onAny((...args: unknown[]) => strangerEvents.push(args));
    await Promise.all([connected(dashboard), connected(stranger)]);
    for (const socket of [dashboard, stranger]) {
      const ack = await new Promise<{ ok: boolean }>((resolve) =>
        socket.emit('subscribe', { stationIds: 'all' }, resolve),
      );
      expect(ack.ok).toBe(true);
    }

    const sourceId = `cluster-fill-${Date.now()}`;
    const batch = fill(forecourt, sourceId, Date.now() - 5 * 60_000);
    const ingestedAt = batch.startDate;
    const ingest = await call(
      'A',
      'POST',
      '/api/ingest',
      { transactions: [batch] },
      { 'x-api-key': stationKey },
    );
    expect(ingest.status, ingest.body).toBe(200);
    const event = await waitFor('transactions.created at B', () =>
      events.find((e) => e.name === 'transactions.created' && e.payload.stationId === forecourt.station.id),
    );
    expect(event).toBeDefined();
    const list = await call(
      'B',
      'GET',
      `/api/stations/${forecourt.station.slug}/transactions`,
      undefined,
      admin.headers,
    );
    expect(list.status, list.body).toBe(200);
    const startDate = new Date(Date.parse(ingestedAt)).toISOString();
    expect((list.json().results as { startDate: string }[]).some((row) => row.startDate === startDate)).toBe(
      true,
    );
    await sleep(500);
    expect(strangerEvents, 'another organisation hears nothing').toEqual([]);
  }, 120_000);

  it('a delay step fires once across both processes', async () => {
    await workflow('cluster-delay', [
      { type: 'delay', metadata: { type: 'regular', amount: 2, unit: 'seconds' } },
      { type: 'in_app', content: 'after the wait' },
    ]);
    await call('A', 'POST', '/v1/subscribers', { subscriberId: 'ravi', firstName: 'Ravi' }, apiKey);
    const transactionId = `delay-${Date.now()}`;
    const trigger = await call(
      'B',
      'POST',
      '/v1/events/trigger',
      { name: 'cluster-delay', to: 'ravi', transactionId },
      apiKey,
    );
    expect(trigger.status, trigger.body).toBe(201);
    const messages = () =>
      database.db
        .selectFrom('notifyMessages')
        .select('id')
        .where('transactionId', '=', transactionId)
        .execute();
    await waitFor('the message after the delay', async () => (await messages()).length > 0, 60_000);
    // Both processes keep running their workers and lease sweeps; the scheduler runs on the leader.
    await sleep(3 * LEASE_MS);
    expect(await messages()).toHaveLength(1);
    const jobs = await database.db
      .selectFrom('notifyJobs')
      .select(['type', 'status', 'attempts'])
      .where('transactionId', '=', transactionId)
      .orderBy('stepIndex')
      .execute();
    expect(jobs).toEqual([
      { type: 'delay', status: 'completed', attempts: 1 },
      { type: 'in_app', status: 'completed', attempts: 1 },
    ]);
  }, 120_000);

  it('login throttling counts the attempts made at both processes together', async () => {
    /** Wrong passwords (to A only, or alternating) until the first 429; returns how many were answered 401. */
    async function failuresUntilThrottled(targets: ('A' | 'B')[]) {
      const user = await createUser(database.db);
      for (let attempt = 0; attempt < 60; attempt += 1) {
        const server = targets[attempt % targets.length] as 'A' | 'B';
        const response = await call(server, 'POST', '/api/auth/login', {
          email: user.email,
          password: `wrong-${attempt}`,
        });
        if (response.status === 429) return attempt;
        expect(response.status).toBe(401);
      }
      throw new Error('never throttled');
    }
    const single = await failuresUntilThrottled(['A']);
    const spread = await failuresUntilThrottled(['A', 'B']);
    expect(spread, 'the budget is one for both processes, not one each').toBe(single);
    // TEST_PASSWORD is the factories' password: the throttled account refuses even it.
    expect(TEST_PASSWORD).toBeTruthy();
  }, 120_000);

  it('a worker killed (SIGKILL) in the middle of a 10,000-subscriber fan-out: nothing lost, nothing duplicated', async () => {
    const db = database.db;
    const now = Date.now();
    await workflow('cluster-fanout', [
      { type: 'in_app', content: 'Price revision for {{subscriber.firstName}}' },
      { type: 'email', subject: 'Price revision', content: '<p>Hello {{subscriber.firstName}}</p>' },
    ]);
    const topic = await db
      .insertInto('notifyTopics')
      .values({
        environmentId: environment.id,
        organizationId,
        key: 'everyone',
        name: 'Everyone',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < FANOUT_SUBSCRIBERS; start += 1_000) {
      const ids = await db
        .insertInto('notifySubscribers')
        .values(
          Array.from({ length: 1_000 }, (_, i) => {
            const n = start + i;
            return {
              environmentId: environment.id,
              organizationId,
              subscriberId: `fan-${n}`,
              firstName: `Member ${n}`,
              email: n % 10 === 0 ? `member-${n}@forecourt.test` : null,
              data: '{}',
              channels: '[]',
              isOnline: 0,
              createdAt: now,
              updatedAt: now,
            };
          }),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('notifyTopicSubscribers')
        .values(
          ids.map((row) => ({
            topicId: topic.id,
            subscriberId: row.id,
            environmentId: environment.id,
            createdAt: now,
          })),
        )
        .execute();
    }
    const mailsBefore = sink.messages.length;
    const transactionId = `fanout-${Date.now()}`;
    const trigger = await call(
      'A',
      'POST',
      '/v1/events/trigger',
      { name: 'cluster-fanout', to: [{ type: 'Topic', topicKey: 'everyone' }], transactionId },
      apiKey,
    );
    expect(trigger.status, trigger.body).toBe(201);

    // Mid-run: the in-app messages are written batch by batch, then the mails go out; kill the
    // process holding the lease on mails being sent once some (not all) have arrived.
    const owner = await waitFor(
      'the fan-out to be under way',
      async () => {
        if (sink.messages.length - mailsBefore < 50) return undefined;
        const running = await db
          .selectFrom('notifyJobs')
          .select('leaseOwner')
          .where('transactionId', '=', transactionId)
          .where('status', '=', 'running')
          .where('leaseOwner', 'is not', null)
          .executeTakeFirst();
        return running?.leaseOwner ?? undefined;
      },
      180_000,
    );
    const pid = Number(owner.split(':')[1]);
    const victim = (Object.keys(servers) as ('A' | 'B')[]).find((name) => servers[name].pid === pid);
    expect(victim, `the lease owner ${owner} is one of the two processes`).toBeDefined();
    servers[victim as 'A' | 'B'].child.kill('SIGKILL');
    await servers[victim as 'A' | 'B'].exited;
    const sentAtKill = sink.messages.length - mailsBefore;
    expect(sentAtKill, 'killed in the middle, not after the end').toBeLessThan(FANOUT_MAILS);
    // A new process starts while the survivor works: it must not take the survivor's running jobs.
    servers[victim as 'A' | 'B'] = await start(victim as 'A' | 'B');

    await waitFor(
      'every job of the fan-out to settle',
      async () => {
        const open = await db
          .selectFrom('notifyJobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('transactionId', '=', transactionId)
          .where('status', 'in', ['queued', 'running', 'pending', 'delayed'])
          .executeTakeFirstOrThrow();
        return Number(open.n) === 0;
      },
      300_000,
    );
    const inApp = await db
      .selectFrom('notifyMessages')
      .select(['subscriberId', 'jobId'])
      .where('transactionId', '=', transactionId)
      .where('channel', '=', 'in_app')
      .execute();
    expect(inApp, 'one in-app message per subscriber').toHaveLength(FANOUT_SUBSCRIBERS);
    expect(new Set(inApp.map((m) => m.subscriberId)).size).toBe(FANOUT_SUBSCRIBERS);

    const mails = await waitFor(
      'the mails',
      () =>
        sink.messages.length - mailsBefore >= FANOUT_MAILS ? sink.messages.slice(mailsBefore) : undefined,
      60_000,
    );
    const ids = mails.map((mail) => mail.headers['message-id'] ?? '');
    const unique = new Set(ids);
    expect(new Set(mails.map((mail) => mail.to[0])).size, 'every address got its mail').toBe(FANOUT_MAILS);
    expect(unique.size, 'one mail (one Message-ID) per email job').toBe(FANOUT_MAILS);
    // SMTP has no idempotency: a mail the killed process had handed over but not yet recorded is
    // sent again with the same Message-ID, which receivers collapse. At most one send slice (8).
    expect(ids.length - unique.size).toBeLessThanOrEqual(8);
    const emailJobs = await db
      .selectFrom('notifyJobs')
      .select(['status'])
      .where('transactionId', '=', transactionId)
      .where('type', '=', 'email')
      .execute();
    expect(emailJobs).toHaveLength(FANOUT_SUBSCRIBERS);
    expect(emailJobs.filter((job) => job.status === 'completed')).toHaveLength(FANOUT_MAILS);
  }, 900_000);

  it('SIGTERM of A under steady load fails no request A accepted, and its sockets reconnect to B', async () => {
    proxy = await startProxy({ backends: [servers.A.url, servers.B.url] });
    // Dashboards through the proxy, round-robin: half of them land on A.
    const dashboards = Array.from({ length: 6 }, () =>
      connect(proxy?.url as string, OPERATIONS_NAMESPACE, admin.tokens.access_token, { reconnection: true }),
    );
    await Promise.all(dashboards.map(connected));
    const disconnects: string[] = [];
    for (const socket of dashboards) socket.on('disconnect', (reason) => disconnects.push(reason));

    // Steady load on A: keep-alive clients, each sending its next list request when answered.
    const outcomes: { status?: number; error?: string }[] = [];
    let stop = false;
    const agents = Array.from({ length: 4 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    const port = Number(new URL(servers.A.url).port);
    const one = (agent: Agent) =>
      new Promise<{ status?: number; error?: string }>((resolve) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: `/api/stations/${forecourt.station.slug}/transactions`,
            agent,
            headers: admin.headers,
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode as number }));
            res.on('error', (error: NodeJS.ErrnoException) =>
              resolve({ error: error.code ?? error.message }),
            );
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
        req.end();
      });
    const load = agents.map(async (agent) => {
      while (!stop) {
        const outcome = await one(agent);
        outcomes.push(outcome);
        if (outcome.error) return;
      }
    });
    await waitFor('load on A', () => outcomes.length >= 20);
    const exitCode = servers.A.stop('SIGTERM');
    expect(await exitCode, 'A stops cleanly').toBe(0);
    stop = true;
    await Promise.all(load);
    for (const agent of agents) agent.destroy();

    const failed = outcomes.filter(
      (o) => (o.status !== undefined && o.status !== 200) || (o.error && o.error !== 'ECONNREFUSED'),
    );
    expect(failed, 'no accepted request failed (no 5xx, no reset)').toEqual([]);
    expect(disconnects.length, 'the sockets on A were closed').toBeGreaterThan(0);
    expect(
      disconnects.every((reason) => reason === 'transport close'),
      'as a transport close, so they reconnect',
    ).toBe(true);
    await waitFor(
      'every dashboard reconnected (to B)',
      () => dashboards.every((socket) => socket.connected),
      60_000,
    );
    // And they work there: an ingest at B reaches all of them.
    for (const socket of dashboards) socket.removeAllListeners('transactions.created');
    const heard = new Set<Socket>();
    for (const socket of dashboards) {
      await new Promise((resolve) => socket.emit('subscribe', { stationIds: 'all' }, resolve));
      socket.on('transactions.created', () => heard.add(socket));
    }
    const ingest = await call(
      'B',
      'POST',
      '/api/ingest',
      { transactions: [fill(forecourt, `after-${Date.now()}`, Date.now() - 60_000)] },
      { 'x-api-key': stationKey },
    );
    expect(ingest.status, ingest.body).toBe(200);
    await waitFor('the event on every reconnected dashboard', () => heard.size === dashboards.length, 30_000);
  }, 300_000);
});
