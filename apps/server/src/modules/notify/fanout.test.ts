import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createNotifyFixture, type NotifyFixture, triggerAndWait } from './testing';
import { WORKER_BATCH } from './worker';

/** More subscribers than one worker batch holds, so the run spans several transactions. */
// Two full batches and a short one (WORKER_BATCH jobs per transaction; generous timeouts below).
const SUBSCRIBERS = WORKER_BATCH * 2 + 37;

describe('fan-out to a topic larger than a worker batch', () => {
  let t: TestApp;
  let f: NotifyFixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    const db = t.database.db;
    const now = t.clock.now();
    const topic = await db
      .insertInto('notifyTopics')
      .values({
        environmentId: f.environment.id,
        organizationId: f.environment.organizationId,
        key: 'everyone',
        name: 'Everyone',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // 1,000 rows a statement: SQLite binds at most 32,766 values per statement.
    for (let start = 0; start < SUBSCRIBERS; start += 1000) {
      const ids = await db
        .insertInto('notifySubscribers')
        .values(
          Array.from({ length: Math.min(1000, SUBSCRIBERS - start) }, (_, n) => {
            const i = start + n;
            return {
              environmentId: f.environment.id,
              organizationId: f.environment.organizationId,
              subscriberId: `member-${i}`,
              firstName: `Member ${i}`,
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
            environmentId: f.environment.id,
            createdAt: now,
          })),
        )
        .execute();
    }
  });
  afterAll(() => t.close());

  const trigger = (transactionId: string) =>
    triggerAndWait(t, f, {
      name: 'system-announcement',
      to: [{ type: 'Topic', topicKey: 'everyone' }],
      payload: { title: 'Price revision', body: 'At midnight, O\'Brien\'s "diesel" {x}' },
      transactionId,
    });

  it('stores every message, settles every job, completes every notification and writes 1000, 1007, 1009 in order', async () => {
    expect((await trigger('fan-1')).statusCode).toBe(201);
    const db = t.database.db;
    const messages = await db
      .selectFrom('notifyMessages')
      .select(['id', 'notificationId', 'jobId', 'subscriberId', 'content', 'seen'])
      .where('transactionId', '=', 'fan-1')
      .execute();
    expect(messages).toHaveLength(SUBSCRIBERS);
    expect(new Set(messages.map((m) => m.subscriberId)).size).toBe(SUBSCRIBERS);
    expect(messages.every((m) => m.seen === 0)).toBe(true);
    const jobs = await db
      .selectFrom('notifyJobs')
      .select(['id', 'status', 'attempts'])
      .where('transactionId', '=', 'fan-1')
      .execute();
    expect(jobs).toHaveLength(SUBSCRIBERS);
    expect(jobs.every((job) => job.status === 'completed' && job.attempts === 1)).toBe(true);
    const notifications = await db
      .selectFrom('notifyNotifications')
      .select(['id', 'status'])
      .where('transactionId', '=', 'fan-1')
      .execute();
    expect(notifications).toHaveLength(SUBSCRIBERS);
    expect(notifications.every((n) => n.status === 'completed')).toBe(true);

    const details = await db
      .selectFrom('notifyExecutionDetails')
      .select(['notificationId', 'jobId', 'messageId', 'code', 'status', 'detail', 'source', 'channel'])
      .where('transactionId', '=', 'fan-1')
      .orderBy('id')
      .execute();
    const byNotification = new Map<number, typeof details>();
    for (const detail of details) {
      const id = detail.notificationId as number;
      byNotification.set(id, [...(byNotification.get(id) ?? []), detail]);
    }
    expect(byNotification.size).toBe(SUBSCRIBERS);
    const messageOf = new Map(messages.map((m) => [m.notificationId, m]));
    for (const [notificationId, rows] of byNotification) {
      expect(rows.map((row) => row.code)).toEqual([1000, 1007, 1009]);
      const created = rows[1];
      expect(created).toMatchObject({
        status: 'Success',
        channel: 'in_app',
        source: 'Internal',
        jobId: messageOf.get(notificationId)?.jobId,
        messageId: messageOf.get(notificationId)?.id,
      });
      expect(rows[2]).toMatchObject({ status: 'Success', jobId: null, messageId: null, channel: null });
    }
  }, 120_000);

  it('a second trigger fans out again (new notifications, messages and details; the first ones untouched)', async () => {
    expect((await trigger('fan-2')).statusCode).toBe(201);
    const db = t.database.db;
    const count = async (transactionId: string) =>
      Number(
        (
          await db
            .selectFrom('notifyExecutionDetails')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('transactionId', '=', transactionId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('fan-1')).toBe(SUBSCRIBERS * 3);
    expect(await count('fan-2')).toBe(SUBSCRIBERS * 3);
    const messages = await db
      .selectFrom('notifyMessages')
      .select('content')
      .where('transactionId', '=', 'fan-2')
      .execute();
    expect(messages).toHaveLength(SUBSCRIBERS);
  }, 120_000);
});
