import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import type { TestApp, TestClock } from '../../test/create-test-app';
import { startTestRedis, type TestRedis } from '../../test/redis';
import { createTestDatabase } from '../../test/test-database';
import { BullMqQueue } from './bullmq-queue';
import { LOOPBACK_DELIVERY, type Receiver, startReceiver } from './delivery/testing';
import { InProcessQueue } from './job-queue';
import { createNotifyFixture, type NotifyFixture } from './testing';

const MINUTE = 60_000;

describe('notification jobs through BullMQ on Redis (REDIS_URL)', () => {
  let redis: TestRedis;
  let receiver: Receiver;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let t: TestApp;
  let f: NotifyFixture;
  let now = Date.UTC(2025, 0, 6, 10, 0, 0);
  const clock: TestClock = {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
  const secret = randomBytes(32).toString('base64url');
  const prefix = `test-${randomBytes(4).toString('hex')}`;
  const start = async (notify: { redisUrl?: string; redisPrefix?: string }) => {
    const app = await createApp({
      database,
      webDist: mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
      auth: { secret, now: clock.now },
      notify: { ...notify, delivery: LOOPBACK_DELIVERY },
    });
    await app.ready();
    return app;
  };
  const queueOf = (app: FastifyInstance) => app.notify.queue as BullMqQueue;

  beforeAll(async () => {
    redis = await startTestRedis();
    receiver = await startReceiver();
    database = await createTestDatabase();
    const app = await start({ redisUrl: redis.url, redisPrefix: prefix });
    t = { app, database, clock, authSecret: secret, close: () => app.close() };
    f = await createNotifyFixture(t);
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.dispose();
    await receiver?.stop();
    await redis?.stop();
  });

  const messagesOf = async (subscriberId: string) => {
    const response = await f.v1('GET', `/v1/messages?subscriberId=${subscriberId}&limit=100`);
    return (response.json().data as { content: string; channel: string }[]).map((m) => m.content).reverse();
  };
  const jobsOf = async (transactionId: string) =>
    (
      await database.db
        .selectFrom('notifyJobs')
        .select(['type', 'status'])
        .where('transactionId', '=', transactionId)
        .where('environmentId', '=', f.environment.id)
        .orderBy('stepIndex')
        .execute()
    ).map((job) => `${job.type}:${job.status}`);
  const trigger = async (body: Record<string, unknown>) => {
    const response = await f.v1('POST', '/v1/events/trigger', body);
    expect(response.statusCode).toBe(201);
    return response.json().data as { status: string; transactionId: string };
  };

  it('chooses the BullMQ queue with REDIS_URL and the in-process one without', async () => {
    expect(t.app.notify.queue).toBeInstanceOf(BullMqQueue);
    const plain = await start({});
    expect(plain.notify.queue).toBeInstanceOf(InProcessQueue);
    await plain.close();
    expect(loadConfig({ REDIS_URL: redis.url }).notify.redisUrl).toBe(redis.url);
    expect(loadConfig({}).notify.redisUrl).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('a trigger with in-app and chat steps ends delivered, worked from Redis', async () => {
    await f.v1('POST', '/v1/workflows', {
      name: 'Pump down',
      triggerIdentifier: 'pump-down',
      steps: [
        { type: 'in_app', content: 'Pump {{pump}} is down' },
        { type: 'chat', content: 'Pump {{pump}} is down (chat)' },
      ],
    });
    await f.v1('POST', '/v1/integrations', {
      providerId: 'discord',
      channel: 'chat',
      credentials: {},
    });
    await f.v1('POST', '/v1/subscribers', {
      subscriberId: 'bq-1',
      channels: [{ providerId: 'discord', credentials: { webhookUrl: `${receiver.url}/chat/bq-1` } }],
    });
    const before = queueOf(t.app).processed;
    const { transactionId } = await trigger({ name: 'pump-down', to: 'bq-1', payload: { pump: 'P3' } });
    await t.app.notify.queue.drain();
    expect(queueOf(t.app).processed).toBeGreaterThan(before);
    expect(await jobsOf(transactionId)).toEqual(['in_app:completed', 'chat:completed']);
    expect(await messagesOf('bq-1')).toEqual(['Pump P3 is down', 'Pump P3 is down (chat)']);
    expect(receiver.received.find((r) => r.path === '/chat/bq-1')?.body).toEqual({
      content: 'Pump P3 is down (chat)',
    });
    const notification = await database.db
      .selectFrom('notifyNotifications')
      .select('status')
      .where('transactionId', '=', transactionId)
      .executeTakeFirstOrThrow();
    expect(notification.status).toBe('completed');
    // Done jobs do not stay on Redis.
    const counts = await queueOf(t.app).counts();
    expect(counts).toEqual({ waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 });
  });

  it('has exactly one effect per transactionId under 30 concurrent identical triggers', async () => {
    const body = {
      name: 'system-announcement',
      to: ['bq-idem-1', 'bq-idem-2'],
      payload: { title: 'Once' },
      transactionId: 'bq-once',
    };
    const results = await Promise.all(
      Array.from({ length: 30 }, () => f.v1('POST', '/v1/events/trigger', body)),
    );
    await t.app.notify.queue.drain();
    for (const response of results) expect(response.json().data.status).toBe('processed');
    expect(await messagesOf('bq-idem-1')).toHaveLength(1);
    expect(await messagesOf('bq-idem-2')).toHaveLength(1);
    await trigger(body);
    await t.app.notify.queue.drain();
    expect(await messagesOf('bq-idem-1')).toHaveLength(1);
  });

  it('runs the steps after a delay when the scheduler fires it, through the same queue', async () => {
    await f.v1('POST', '/v1/workflows', {
      name: 'Later',
      triggerIdentifier: 'bq-later',
      steps: [
        { type: 'in_app', content: 'now' },
        { type: 'delay', metadata: { type: 'regular', amount: 10, unit: 'minutes' } },
        { type: 'in_app', content: 'later' },
      ],
    });
    const { transactionId } = await trigger({ name: 'bq-later', to: 'bq-late' });
    await t.app.notify.queue.drain();
    expect(await messagesOf('bq-late')).toEqual(['now']);
    expect(await jobsOf(transactionId)).toEqual(['in_app:completed', 'delay:delayed', 'in_app:pending']);
    const before = queueOf(t.app).processed;
    clock.advance(10 * MINUTE);
    expect(await t.app.notify.scheduler.tick()).toBe(1);
    await t.app.notify.queue.drain();
    expect(queueOf(t.app).processed).toBe(before + 1);
    expect(await messagesOf('bq-late')).toEqual(['now', 'later']);
    expect(await jobsOf(transactionId)).toEqual(['in_app:completed', 'delay:completed', 'in_app:completed']);
  });

  it('two processes on one Redis and database share the work; each event is delivered once', async () => {
    const second = await start({ redisUrl: redis.url, redisPrefix: prefix });
    try {
      const before = queueOf(t.app).processed + queueOf(second).processed;
      const ids = Array.from({ length: 20 }, (_, i) => `bq-share-${i}`);
      await Promise.all(
        ids.map((id) => trigger({ name: 'system-announcement', to: id, payload: { title: `for ${id}` } })),
      );
      await Promise.all([t.app.notify.queue.drain(), second.notify.queue.drain()]);
      expect(queueOf(t.app).processed + queueOf(second).processed - before).toBe(20);
      for (const id of ids) expect(await messagesOf(id)).toEqual([`<strong>for ${id}</strong>`]);
    } finally {
      await second.close();
    }
  });

  it('closes its Redis connections when the app closes', async () => {
    const probe = new Redis(redis.url);
    try {
      const clients = async () =>
        String(await probe.call('CLIENT', 'LIST'))
          .split('\n')
          .filter((line) => line.trim() !== '').length;
      const idle = await clients();
      const other = await start({ redisUrl: redis.url, redisPrefix: `${prefix}-other` });
      expect(await clients()).toBeGreaterThan(idle);
      await other.close();
      expect(await clients()).toBe(idle);
    } finally {
      probe.disconnect();
    }
  });
});
