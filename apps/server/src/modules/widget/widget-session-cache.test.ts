import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createNotifyFixture, type NotifyFixture, triggerAndWait, widgetSession } from '../notify/testing';
import {
  WIDGET_SESSION_CACHE_DEFAULTS,
  type WidgetIdentity,
  WidgetSessionCache,
} from './widget-session-cache';

const identity = (id: number, environmentId = 1, subscriberId = `s-${id}`): WidgetIdentity => ({
  id,
  environmentId,
  organizationId: 1,
  subscriberId,
});
const FAR = Number.MAX_SAFE_INTEGER;

describe('WidgetSessionCache', () => {
  it('keeps a verified token for ttlMs, never past the token’s expiry', () => {
    const cache = new WidgetSessionCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', identity(1), FAR, 0, cache.stamp());
    cache.set('b', identity(2), 300, 0, cache.stamp());
    expect(cache.get('a', 999)).toEqual(identity(1));
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.get('b', 299)).toEqual(identity(2));
    expect(cache.get('b', 300)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is a bounded LRU: the least recently used token goes first', () => {
    const cache = new WidgetSessionCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', identity(1), FAR, 0, cache.stamp());
    cache.set('b', identity(2), FAR, 0, cache.stamp());
    expect(cache.get('a', 1)).toBeDefined(); // a is now the most recent
    cache.set('c', identity(3), FAR, 1, cache.stamp());
    expect(cache.size).toBe(2);
    expect(cache.get('b', 2)).toBeUndefined();
    expect(cache.get('a', 2)).toEqual(identity(1));
    expect(cache.get('c', 2)).toEqual(identity(3));
  });

  it('forgets a deleted subscriber’s tokens and an environment’s tokens, nothing else', () => {
    const cache = new WidgetSessionCache();
    cache.set('a1', identity(1, 1, 'alice'), FAR, 0, cache.stamp());
    cache.set('a2', identity(1, 1, 'alice'), FAR, 0, cache.stamp());
    cache.set('b', identity(2, 1, 'bob'), FAR, 0, cache.stamp());
    cache.set('x', identity(3, 2, 'alice'), FAR, 0, cache.stamp());
    cache.forgetSubscriber(1, 'alice');
    expect([cache.get('a1', 1), cache.get('a2', 1)]).toEqual([undefined, undefined]);
    expect(cache.get('b', 1)?.id).toBe(2);
    expect(cache.get('x', 1)?.id).toBe(3); // same external id, other environment
    cache.forgetEnvironment(1);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('x', 1)?.id).toBe(3);
  });

  it('does not store a lookup that started before an invalidation (a request racing a deletion)', () => {
    const cache = new WidgetSessionCache();
    const stamp = cache.stamp();
    cache.forgetSubscriber(1, 'alice'); // the deletion commits while the request verifies
    cache.set('a', identity(1, 1, 'alice'), FAR, 0, stamp);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('a', identity(1, 1, 'alice'), FAR, 0, cache.stamp());
    expect(cache.get('a', 1)).toBeDefined();
  });
});

describe('inbox sessions through the cache (/v1/widgets)', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let other: NotifyFixture;
  const unseen = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/v1/widgets/notifications/unseen?limit=100', headers }))
      .statusCode;
  const deleteRow = (environmentId: number, subscriberId: string) =>
    t.database.db
      .deleteFrom('notifySubscribers')
      .where('environmentId', '=', environmentId)
      .where('subscriberId', '=', subscriberId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    other = await createNotifyFixture(t);
  });
  afterAll(() => t.close());

  it('trusts a verified token for the TTL: a deletion by another process shows once the entry expires', async () => {
    const carol = await widgetSession(t.app, f, 'carol');
    expect(await unseen(carol.headers)).toBe(200);
    await deleteRow(f.environment.id, 'carol'); // not through this process's API
    expect(await unseen(carol.headers)).toBe(200);
    t.clock.advance(WIDGET_SESSION_CACHE_DEFAULTS.ttlMs);
    expect(await unseen(carol.headers)).toBe(401);
  });

  it('DELETE /v1/subscribers/:id ends the cached sessions of that subscriber at once', async () => {
    const dan = await widgetSession(t.app, f, 'dan');
    const eve = await widgetSession(t.app, f, 'eve');
    expect([await unseen(dan.headers), await unseen(eve.headers)]).toEqual([200, 200]);
    expect((await f.v1('DELETE', '/v1/subscribers/dan')).statusCode).toBe(200);
    expect(await unseen(dan.headers)).toBe(401);
    expect(await unseen(eve.headers)).toBe(200);
  });

  it('the feed shows a profile edit at once (the cached session holds only the identity)', async () => {
    const ivy = await widgetSession(t.app, f, 'ivy');
    const triggered = await triggerAndWait(t, f, {
      name: 'system-announcement',
      to: 'ivy',
      payload: { title: 'Hello', body: 'Price revision' },
    });
    expect(triggered.statusCode).toBe(201);
    const firstNames = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: '/v1/widgets/notifications/feed', headers: ivy.headers })
        ).json() as { data: { subscriber: { firstName: string | null } }[] }
      ).data.map((message) => message.subscriber.firstName);
    expect(await firstNames()).toHaveLength(1);
    expect((await f.v1('PUT', '/v1/subscribers/ivy', { firstName: 'Ivy' })).statusCode).toBe(200);
    expect(await firstNames()).toEqual(['Ivy']);
    expect((await f.v1('PUT', '/v1/subscribers/ivy', { firstName: 'Ivana' })).statusCode).toBe(200);
    expect(await firstNames()).toEqual(['Ivana']);
  });

  it('rotating an environment’s key drops that environment’s cached sessions only', async () => {
    const gina = await widgetSession(t.app, other, 'gina');
    const hal = await widgetSession(t.app, f, 'hal');
    expect([await unseen(gina.headers), await unseen(hal.headers)]).toEqual([200, 200]);
    await deleteRow(other.environment.id, 'gina');
    await deleteRow(f.environment.id, 'hal');
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/platform/notifications/environment/rotate',
      headers: other.admin.headers,
    });
    expect(rotated.statusCode).toBe(200);
    expect(await unseen(gina.headers)).toBe(401); // checked again: the subscriber is gone
    expect(await unseen(hal.headers)).toBe(200); // still cached in the other environment
  });
});
