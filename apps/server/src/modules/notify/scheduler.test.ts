import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createTestApp, type TestApp, type TestClock } from '../../test/create-test-app';
import { createTestDatabase } from '../../test/test-database';
import { createNotifyFixture, type NotifyFixture } from './testing';

/** Monday 6 January 2025, 10:00 UTC. */
const START = Date.UTC(2025, 0, 6, 10, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('digest and delay engine (controllable clock)', () => {
  let t: TestApp;
  let f: NotifyFixture;

  beforeAll(async () => {
    t = await createTestApp({ startAt: START });
    f = await createNotifyFixture(t);
  });
  afterAll(() => t.close());

  /** Moves the clock, fires what is due and waits for delivery. Returns how many waits fired. */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    const fired = await t.app.notify.scheduler.tick();
    await t.app.notify.queue.drain();
    return fired;
  };
  const trigger = async (body: Record<string, unknown>) => {
    const response = await f.v1('POST', '/v1/events/trigger', body);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.status).toBe('processed');
    await t.app.notify.queue.drain();
    return response.json().data.transactionId as string;
  };
  const contents = async (subscriberId: string) => {
    const response = await f.v1('GET', `/v1/messages?subscriberId=${subscriberId}&limit=100`);
    return (response.json().data as { content: string }[]).map((m) => m.content).reverse();
  };
  const workflow = async (name: string, steps: unknown[], extra: Record<string, unknown> = {}) => {
    const response = await f.v1('POST', '/v1/workflows', { name, steps, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json().data.triggers[0].identifier as string;
  };
  const jobsOf = async (transactionId: string) =>
    (
      await t.database.db
        .selectFrom('notifyJobs')
        .select(['type', 'status', 'runAt'])
        .where('transactionId', '=', transactionId)
        .orderBy('stepIndex')
        .execute()
    ).map((job) => `${job.type}:${job.status}`);

  describe('delay', () => {
    it('continues the workflow at the due time and not a moment before', async () => {
      const name = await workflow('Delay ten minutes', [
        { type: 'in_app', content: 'at once' },
        { type: 'delay', metadata: { type: 'regular', amount: 10, unit: 'minutes' } },
        { type: 'in_app', content: 'after the delay for {{who}}' },
      ]);
      const tx = await trigger({ name, to: 'delay-1', payload: { who: 'Asha' } });
      expect(await contents('delay-1')).toEqual(['at once']);
      const [delay] = await t.database.db
        .selectFrom('notifyJobs')
        .select(['status', 'runAt'])
        .where('transactionId', '=', tx)
        .where('type', '=', 'delay')
        .execute();
      expect(delay).toEqual({ status: 'delayed', runAt: t.clock.now() + 10 * MINUTE });

      expect(await advance(10 * MINUTE - 1)).toBe(0);
      expect(await contents('delay-1')).toEqual(['at once']);
      expect(await advance(1)).toBe(1);
      expect(await contents('delay-1')).toEqual(['at once', 'after the delay for Asha']);
      expect(await jobsOf(tx)).toEqual(['in_app:completed', 'delay:completed', 'in_app:completed']);
      const notification = await t.database.db
        .selectFrom('notifyNotifications')
        .select('status')
        .where('transactionId', '=', tx)
        .executeTakeFirstOrThrow();
      expect(notification.status).toBe('completed');
      const details = await f.v1('GET', `/v1/execution-details?transactionId=${tx}`);
      const texts = (details.json().data as { detail: string; code: number }[]).map((d) => d.detail);
      expect(texts.some((text) => text.startsWith('Delay: waiting until'))).toBe(true);
      expect(texts).toContain('Delay: finished, the workflow continues');
    });

    it('chains waits: the second delay starts when the first ends; months are calendar months', async () => {
      const name = await workflow('Two delays', [
        { type: 'delay', metadata: { amount: 1, unit: 'hours' } },
        { type: 'in_app', content: 'one' },
        { type: 'delay', metadata: { amount: 1, unit: 'months' } },
        { type: 'in_app', content: 'two' },
      ]);
      const tx = await trigger({ name, to: 'delay-2' });
      expect(await jobsOf(tx)).toEqual([
        'delay:delayed',
        'in_app:pending',
        'delay:pending',
        'in_app:pending',
      ]);
      await advance(HOUR);
      expect(await contents('delay-2')).toEqual(['one']);
      const second = await t.database.db
        .selectFrom('notifyJobs')
        .select('runAt')
        .where('transactionId', '=', tx)
        .where('stepIndex', '=', 2)
        .executeTakeFirstOrThrow();
      const firedAt = new Date(t.clock.now());
      expect(new Date(second.runAt as number).getUTCMonth()).toBe((firedAt.getUTCMonth() + 1) % 12);
      expect(new Date(second.runAt as number).getUTCDate()).toBe(firedAt.getUTCDate());
      await advance((second.runAt as number) - t.clock.now() - 1);
      expect(await contents('delay-2')).toEqual(['one']);
      await advance(1);
      expect(await contents('delay-2')).toEqual(['one', 'two']);
    });

    it('a scheduled delay waits for the date in the payload; a missing date fails the step (3011)', async () => {
      const name = await workflow('Remind at', [
        { type: 'delay', metadata: { type: 'scheduled', delayPath: 'remindAt' } },
        { type: 'in_app', content: 'reminder' },
      ]);
      const at = new Date(t.clock.now() + 2 * HOUR).toISOString();
      await trigger({ name, to: 'delay-3', payload: { remindAt: at } });
      await advance(2 * HOUR - 1000);
      expect(await contents('delay-3')).toEqual([]);
      await advance(1000);
      expect(await contents('delay-3')).toEqual(['reminder']);

      const tx = await trigger({ name, to: 'delay-4', payload: {} });
      expect(await jobsOf(tx)).toEqual(['delay:failed', 'in_app:skipped']);
      const details = (await f.v1('GET', `/v1/execution-details?transactionId=${tx}`)).json().data as {
        code: number;
      }[];
      expect(details.map((d) => d.code)).toContain(3011);
    });

    it('cancel by transactionId while waiting: nothing is sent when the time comes', async () => {
      const name = await workflow('Cancel me', [
        { type: 'delay', metadata: { amount: 5, unit: 'minutes' } },
        { type: 'in_app', content: 'should not arrive' },
      ]);
      const tx = await trigger({ name, to: 'cancel-1' });
      await advance(2 * MINUTE);
      expect((await f.v1('DELETE', `/v1/events/trigger/${tx}`)).json()).toEqual({ data: true });
      expect(await advance(10 * MINUTE)).toBe(0);
      expect(await contents('cancel-1')).toEqual([]);
      expect(await jobsOf(tx)).toEqual(['delay:canceled', 'in_app:canceled']);
    });
  });

  describe('digest', () => {
    const digestContent =
      '{{step.total_count}} {{pluralize step.total_count "event" "events"}}:{{#each step.events}} {{n}}{{/each}} (digest {{step.digest}}, first {{n}})';

    it('regular: the events of the window after the first become one message with the count', async () => {
      const name = await workflow('Regular digest', [
        { type: 'digest', metadata: { type: 'regular', amount: 5, unit: 'minutes' } },
        { type: 'in_app', content: digestContent },
      ]);
      const first = await trigger({ name, to: 'dg-1', payload: { n: 1 } });
      await advance(MINUTE);
      const second = await trigger({ name, to: 'dg-1', payload: { n: 2 } });
      await advance(MINUTE);
      await trigger({ name, to: 'dg-1', payload: { n: 3 } });
      expect(await jobsOf(first)).toEqual(['digest:delayed', 'in_app:pending']);
      expect(await jobsOf(second)).toEqual(['digest:merged', 'in_app:skipped']);
      expect(await advance(3 * MINUTE - 1)).toBe(0);
      expect(await contents('dg-1')).toEqual([]);
      expect(await advance(1)).toBe(1);
      expect(await contents('dg-1')).toEqual(['3 events: 1 2 3 (digest true, first 1)']);
      expect(await jobsOf(first)).toEqual(['digest:completed', 'in_app:completed']);
      // The window is closed: the next event opens a new one.
      await trigger({ name, to: 'dg-1', payload: { n: 4 } });
      await advance(5 * MINUTE);
      expect(await contents('dg-1')).toEqual([
        '3 events: 1 2 3 (digest true, first 1)',
        '1 event: 4 (digest true, first 4)',
      ]);
    });

    it('digest key: events group by the payload value at the key', async () => {
      const name = await workflow('Keyed digest', [
        { type: 'digest', metadata: { amount: 10, unit: 'minutes', digestKey: 'station.id' } },
        { type: 'in_app', content: '{{station.id}}: {{step.total_count}}' },
      ]);
      for (const id of ['A', 'B', 'A', 'A', 'B']) {
        await trigger({ name, to: 'dg-key', payload: { station: { id } } });
      }
      // Another subscriber's events never join these.
      await trigger({ name, to: 'dg-key-other', payload: { station: { id: 'A' } } });
      expect(await advance(10 * MINUTE)).toBe(3);
      expect((await contents('dg-key')).sort()).toEqual(['A: 3', 'B: 2']);
      expect(await contents('dg-key-other')).toEqual(['A: 1']);
    });

    it('backoff: sends at once unless another event came within the backoff window, then digests', async () => {
      const name = await workflow('Backoff digest', [
        {
          type: 'digest',
          metadata: { type: 'backoff', amount: 5, unit: 'minutes', backoffAmount: 1, backoffUnit: 'minutes' },
        },
        { type: 'in_app', content: '{{step.total_count}}:{{#each step.events}}{{n}}{{/each}}' },
      ]);
      await trigger({ name, to: 'dg-back', payload: { n: 1 } });
      expect(await contents('dg-back')).toEqual(['1:1']);
      await advance(30_000);
      await trigger({ name, to: 'dg-back', payload: { n: 2 } });
      await advance(30_000);
      await trigger({ name, to: 'dg-back', payload: { n: 3 } });
      expect(await contents('dg-back')).toEqual(['1:1']);
      await advance(5 * MINUTE - 30_000);
      expect(await contents('dg-back')).toEqual(['1:1', '2:23']);
      // Quiet for longer than the backoff window: at once again.
      await advance(10 * MINUTE);
      await trigger({ name, to: 'dg-back', payload: { n: 4 } });
      expect(await contents('dg-back')).toEqual(['1:1', '2:23', '1:4']);
    });

    it('scheduled: collects until the next chosen weekday at the set time', async () => {
      const name = await workflow('Weekly digest', [
        {
          type: 'digest',
          metadata: {
            type: 'timed',
            amount: 1,
            unit: 'weeks',
            timed: { weekDays: ['wednesday', 'friday'], atTime: '09:00' },
          },
        },
        { type: 'in_app', content: 'week: {{step.total_count}}' },
      ]);
      const tx = await trigger({ name, to: 'dg-week', payload: {} });
      await trigger({ name, to: 'dg-week', payload: {} });
      const lead = await t.database.db
        .selectFrom('notifyJobs')
        .select('runAt')
        .where('transactionId', '=', tx)
        .where('type', '=', 'digest')
        .executeTakeFirstOrThrow();
      const due = new Date(lead.runAt as number);
      expect([3, 5]).toContain(due.getUTCDay());
      expect(due.getUTCHours()).toBe(9);
      expect(due.getUTCMinutes()).toBe(0);
      expect((lead.runAt as number) - t.clock.now()).toBeLessThanOrEqual(7 * 24 * HOUR);
      await advance((lead.runAt as number) - t.clock.now() - 1);
      expect(await contents('dg-week')).toEqual([]);
      await advance(1);
      expect(await contents('dg-week')).toEqual(['week: 2']);
    });

    it('scheduled: the last Friday of the month at 17:00', async () => {
      const name = await workflow('Month-end digest', [
        {
          type: 'digest',
          metadata: {
            type: 'timed',
            amount: 1,
            unit: 'months',
            timed: { monthlyType: 'on', ordinal: 'last', ordinalValue: 'friday', atTime: '17:00' },
          },
        },
        { type: 'in_app', content: 'month: {{step.total_count}}' },
      ]);
      const tx = await trigger({ name, to: 'dg-month', payload: {} });
      const lead = await t.database.db
        .selectFrom('notifyJobs')
        .select('runAt')
        .where('transactionId', '=', tx)
        .where('type', '=', 'digest')
        .executeTakeFirstOrThrow();
      const due = new Date(lead.runAt as number);
      expect(due.getUTCDay()).toBe(5);
      expect(due.getUTCHours()).toBe(17);
      // The last Friday: a week later is another month.
      expect(new Date((lead.runAt as number) + 7 * 24 * HOUR).getUTCMonth()).not.toBe(due.getUTCMonth());
      await advance((lead.runAt as number) - t.clock.now());
      expect(await contents('dg-month')).toEqual(['month: 1']);
    });
  });
});

describe('restart and concurrent schedulers on one database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let now = START;
  const clock: TestClock = {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
  const secret = randomBytes(32).toString('base64url');
  const start = async () => {
    const app = await createApp({
      database,
      webDist: mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
      auth: { secret, now: clock.now },
    });
    await app.ready();
    return app;
  };
  const asTestApp = (app: FastifyInstance): TestApp => ({
    app,
    database,
    clock,
    authSecret: secret,
    close: () => app.close(),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('a new app on the same database fires the delays and digests the old one left', async () => {
    const first = await start();
    const f = await createNotifyFixture(asTestApp(first));
    await f.v1('POST', '/v1/workflows', {
      name: 'Resume delay',
      steps: [
        { type: 'delay', metadata: { amount: 1, unit: 'hours' } },
        { type: 'in_app', content: 'resumed' },
      ],
    });
    await f.v1('POST', '/v1/workflows', {
      name: 'Resume digest',
      steps: [
        { type: 'digest', metadata: { amount: 30, unit: 'minutes' } },
        { type: 'in_app', content: 'digested {{step.total_count}}' },
      ],
    });
    for (const id of ['r-1', 'r-2']) {
      await f.v1('POST', '/v1/events/trigger', { name: 'resume-delay', to: id });
    }
    for (let i = 0; i < 3; i += 1)
      await f.v1('POST', '/v1/events/trigger', { name: 'resume-digest', to: 'r-1' });
    await first.notify.queue.drain();
    await first.close();

    clock.advance(HOUR);
    const second = await start();
    // Its startup run already fired what was due; a tick waits for that run.
    await second.notify.scheduler.tick();
    await second.notify.queue.drain();
    const g = await messagesVia(second, f);
    expect((await g('r-1')).sort()).toEqual(['digested 3', 'resumed']);
    expect(await g('r-2')).toEqual(['resumed']);
    await second.close();
  });

  it('two schedulers racing over the same due jobs fire each job once', async () => {
    const a = await start();
    const b = await start();
    const f = await createNotifyFixture(asTestApp(a));
    await f.v1('POST', '/v1/workflows', {
      name: 'Race',
      steps: [
        { type: 'delay', metadata: { amount: 1, unit: 'minutes' } },
        { type: 'in_app', content: 'once' },
      ],
    });
    await f.v1('POST', '/v1/topics', { key: 'racers' });
    const ids = Array.from({ length: 40 }, (_, i) => `race-${i}`);
    for (const id of ids) await f.v1('POST', '/v1/subscribers', { subscriberId: id });
    await f.v1('POST', '/v1/topics/racers/subscribers', { subscribers: ids });
    await f.v1('POST', '/v1/events/trigger', { name: 'race', to: [{ type: 'Topic', topicKey: 'racers' }] });
    await a.notify.queue.drain();
    clock.advance(MINUTE);
    const fired = await Promise.all([a.notify.scheduler.tick(), b.notify.scheduler.tick()]);
    expect(fired[0] + fired[1]).toBe(40);
    await Promise.all([a.notify.queue.drain(), b.notify.queue.drain()]);
    const count = await database.db
      .selectFrom('notifyMessages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('environmentId', '=', f.environment.id)
      .where('content', '=', 'once')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(40);
    await a.close();
    await b.close();
  });
});

/** Reads a subscriber's message contents through `app` with the fixture's key. */
async function messagesVia(app: FastifyInstance, f: NotifyFixture) {
  return async (subscriberId: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/v1/messages?subscriberId=${subscriberId}&limit=100`,
      headers: f.apiKeyHeaders,
    });
    return (response.json().data as { content: string }[]).map((m) => m.content);
  };
}
