import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { ALL_FEATURES, parseNotifyFeatures } from './notify-features';
import { createNotifyFixture, type NotifyFixture } from './testing';

const MINUTE = 60_000;
const NONE_ON = {
  'template-store': false,
  'topic-notification': false,
  'multi-tenancy': false,
  'merged-digest-id': false,
};

/** A digest of five minutes for `to`, three events one minute apart; resolves with the message. */
async function digestThree(t: TestApp, f: NotifyFixture, to: string) {
  const created = await f.v1('POST', '/v1/workflows', {
    name: `Digest for ${to}`,
    steps: [
      { type: 'digest', metadata: { type: 'regular', amount: 5, unit: 'minutes' } },
      { type: 'in_app', content: '{{step.total_count}}:{{#each step.events}} {{n}}{{/each}}' },
    ],
  });
  expect(created.statusCode).toBe(201);
  const name = created.json().data.triggers[0].identifier as string;
  const transactions: string[] = [];
  for (const n of [1, 2, 3]) {
    const response = await f.v1('POST', '/v1/events/trigger', { name, to, payload: { n } });
    transactions.push(response.json().data.transactionId as string);
    await t.app.notify.queue.drain();
    t.clock.advance(MINUTE);
  }
  const merged = await t.database.db
    .selectFrom('notifyJobs')
    .select(['status', 'mergedInto'])
    .where('transactionId', 'in', transactions.slice(1))
    .where('type', '=', 'digest')
    .execute();
  t.clock.advance(3 * MINUTE);
  await t.app.notify.scheduler.tick();
  await t.app.notify.queue.drain();
  const messages = (await f.v1('GET', `/v1/messages?subscriberId=${to}`)).json().data as {
    content: string;
  }[];
  return { merged, contents: messages.map((m) => m.content) };
}

describe('notification feature flags (NOTIFY_FEATURES)', () => {
  it('reads the features that are on; unset means all; unknown names are refused', () => {
    expect(loadConfig({}).notify.features).toEqual(ALL_FEATURES);
    expect(Object.values(ALL_FEATURES).every(Boolean)).toBe(true);
    expect(loadConfig({ NOTIFY_FEATURES: 'topic-notification, template-store' }).notify.features).toEqual({
      ...NONE_ON,
      'topic-notification': true,
      'template-store': true,
    });
    expect(parseNotifyFeatures('')).toEqual(NONE_ON);
    expect(() => parseNotifyFeatures('topics')).toThrow(/unknown feature topics/);
  });

  describe('with every feature on (the default)', () => {
    let t: TestApp;
    let f: NotifyFixture;
    beforeAll(async () => {
      t = await createTestApp({ startAt: Date.UTC(2025, 0, 6, 10) });
      f = await createNotifyFixture(t);
    });
    afterAll(() => t.close());

    it('lists the template store and creates a workflow from a template', async () => {
      const list = await f.v1('GET', '/v1/workflow-templates');
      expect(list.statusCode).toBe(200);
      const templates = list.json().data as { id: string; stepTypes: string[] }[];
      expect(templates.map((template) => template.id)).toContain('incident-opened');
      expect(templates.find((template) => template.id === 'incident-opened')?.stepTypes).toEqual(['in_app']);

      const created = await f.v1('POST', '/v1/workflow-templates/incident-opened/workflows', {
        name: 'Incident opened (copy)',
        triggerIdentifier: 'incident-opened-copy',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.triggers[0].identifier).toBe('incident-opened-copy');
      expect(created.json().data.steps).toHaveLength(1);
      const again = await f.v1('POST', '/v1/workflow-templates/incident-opened/workflows', {
        triggerIdentifier: 'incident-opened-copy',
      });
      expect(again.statusCode).toBe(409);
      const unknown = await f.v1('POST', '/v1/workflow-templates/nothing-like-it/workflows', {});
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('NOT_FOUND');
    });

    it('has the tenants API', async () => {
      expect((await f.v1('GET', '/v1/tenants')).statusCode).toBe(200);
    });

    it('records the merged digest id: merged events point at their lead', async () => {
      const { merged, contents } = await digestThree(t, f, 'ff-on');
      expect(merged).toHaveLength(2);
      for (const job of merged) {
        expect(job.status).toBe('merged');
        expect(job.mergedInto).toEqual(expect.any(Number));
      }
      expect(contents).toEqual(['3: 1 2 3']);
    });
  });

  describe('with every feature off', () => {
    let t: TestApp;
    let f: NotifyFixture;
    beforeAll(async () => {
      t = await createTestApp({
        startAt: Date.UTC(2025, 0, 6, 10),
        notify: { features: parseNotifyFeatures('') },
      });
      f = await createNotifyFixture(t);
    });
    afterAll(() => t.close());

    it('answers 404 FEATURE_DISABLED for the template store', async () => {
      for (const [method, url] of [
        ['GET', '/v1/workflow-templates'],
        ['POST', '/v1/workflow-templates/incident-opened/workflows'],
      ] as const) {
        const response = await f.v1(method, url, method === 'POST' ? {} : undefined);
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('FEATURE_DISABLED');
        expect(response.json().message).toMatch(/template store/);
      }
      // Only the domain workflow the environment has from the start: the store added none.
      const workflows = (await f.v1('GET', '/v1/workflows?query=incident-opened')).json().data;
      expect(workflows).toHaveLength(1);
    });

    it('answers 404 FEATURE_DISABLED for tenants and ignores the tenant of a trigger', async () => {
      const tenants = await f.v1('GET', '/v1/tenants');
      expect(tenants.statusCode).toBe(404);
      expect(tenants.json().code).toBe('FEATURE_DISABLED');
      const response = await f.v1('POST', '/v1/events/trigger', {
        name: 'system-announcement',
        to: 'ff-1',
        payload: { title: 'x' },
        tenant: 'nowhere',
      });
      expect(response.json().data.status).toBe('processed');
    });

    it('does not notify topics named in a trigger, and says so (4001)', async () => {
      expect((await f.v1('POST', '/v1/topics', { key: 'crew' })).statusCode).toBe(201);
      expect(
        (await f.v1('POST', '/v1/topics/crew/subscribers', { subscribers: ['ff-2'] })).statusCode,
      ).toBeLessThan(300);
      const response = await f.v1('POST', '/v1/events/trigger', {
        name: 'system-announcement',
        to: [{ type: 'Topic', topicKey: 'crew' }],
        payload: { title: 'y' },
      });
      await t.app.notify.queue.drain();
      const { transactionId } = response.json().data;
      expect((await f.v1('GET', '/v1/messages?subscriberId=ff-2')).json().data).toHaveLength(0);
      const details = (await f.v1('GET', `/v1/execution-details?transactionId=${transactionId}`)).json()
        .data as {
        detail: string;
      }[];
      expect(details.some((d) => d.detail.includes('Topic notifications are turned off'))).toBe(true);
    });

    it('records no merged digest id; the lead still collects the events of its window', async () => {
      const { merged, contents } = await digestThree(t, f, 'ff-off');
      expect(merged).toEqual([
        { status: 'merged', mergedInto: null },
        { status: 'merged', mergedInto: null },
      ]);
      expect(contents).toEqual(['3: 1 2 3']);
    });
  });
});
