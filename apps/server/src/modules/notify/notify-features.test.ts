import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { parseNotifyFeatures } from './notify-features';
import { createNotifyFixture, type NotifyFixture } from './testing';

describe('notification feature flags (NOTIFY_FEATURES)', () => {
  it('reads the features that are on; unset means all; unknown names are refused', () => {
    expect(loadConfig({}).notify.features).toEqual({ 'topic-notification': true, 'multi-tenancy': true });
    expect(loadConfig({ NOTIFY_FEATURES: 'topic-notification' }).notify.features).toEqual({
      'topic-notification': true,
      'multi-tenancy': false,
    });
    expect(parseNotifyFeatures('')).toEqual({ 'topic-notification': false, 'multi-tenancy': false });
    expect(() => parseNotifyFeatures('topics')).toThrow(/unknown feature topics/);
  });

  describe('with topic notifications and multi-tenancy off', () => {
    let t: TestApp;
    let f: NotifyFixture;
    beforeAll(async () => {
      t = await createTestApp({ notify: { features: parseNotifyFeatures('') } });
      f = await createNotifyFixture(t);
    });
    afterAll(() => t.close());

    it('has no tenants API and ignores the tenant of a trigger', async () => {
      expect((await f.v1('GET', '/v1/tenants')).statusCode).toBe(404);
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
  });
});
