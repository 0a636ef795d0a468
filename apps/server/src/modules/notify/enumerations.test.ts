import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createNotifyFixture, type NotifyFixture, widgetSession } from './testing';

describe('the platform enumerations in use', () => {
  let t: TestApp;
  let f: NotifyFixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
  });
  afterAll(() => t.close());

  it('sorts the platform lists by creation with orderDirection 1 / -1', async () => {
    for (const key of ['a-first', 'b-second', 'c-third']) {
      expect((await f.v1('POST', '/v1/tenants', { identifier: key, name: key })).statusCode).toBe(201);
      expect((await f.v1('POST', '/v1/topics', { key, name: key })).statusCode).toBe(201);
      expect((await f.v1('POST', '/v1/subscribers', { subscriberId: key })).statusCode).toBe(201);
      t.clock.advance(1000);
    }
    const order = async (path: string, field: string) =>
      ((await f.v1('GET', path)).json().data as Record<string, string>[]).map((row) => row[field]);
    expect(await order('/v1/tenants?orderDirection=1', 'identifier')).toEqual([
      'a-first',
      'b-second',
      'c-third',
    ]);
    expect(await order('/v1/tenants?orderDirection=-1', 'identifier')).toEqual([
      'c-third',
      'b-second',
      'a-first',
    ]);
    expect(await order('/v1/tenants', 'identifier')).toEqual(['c-third', 'b-second', 'a-first']);
    expect(await order('/v1/topics?orderDirection=1', 'key')).toEqual(['a-first', 'b-second', 'c-third']);
    expect((await order('/v1/subscribers?orderDirection=1', 'subscriberId')).slice(-3)).toEqual([
      'a-first',
      'b-second',
      'c-third',
    ]);
    expect((await f.v1('GET', '/v1/tenants?orderDirection=2')).statusCode).toBe(400);
    expect((await f.v1('GET', '/v1/messages?orderDirection=asc')).statusCode).toBe(400);
  });

  it('records where a trigger came from (web, cli, vercel) and shows it in the activity', async () => {
    const fromCli = await f.v1('POST', '/v1/events/trigger', {
      name: 'system-announcement',
      to: 'src-1',
      payload: { title: 'x' },
      source: 'cli',
    });
    expect(fromCli.statusCode).toBe(201);
    await f.v1('POST', '/v1/events/trigger', {
      name: 'system-announcement',
      to: 'src-1',
      payload: { title: 'y', __source: 'vercel' },
    });
    await f.v1('POST', '/v1/events/trigger', {
      name: 'system-announcement',
      to: 'src-1',
      payload: { title: 'z' },
    });
    expect(
      (await f.v1('POST', '/v1/events/trigger', { name: 'system-announcement', to: 'x', source: 'fax' }))
        .statusCode,
    ).toBe(400);
    const activity = await t.app.inject({
      method: 'GET',
      url: '/api/platform/notifications/activity?limit=3',
      headers: f.admin.headers,
    });
    expect(activity.statusCode, activity.body).toBe(200);
    expect((activity.json().data as { source: string | null }[]).map((row) => row.source)).toEqual([
      null,
      'vercel',
      'cli',
    ]);
  });

  it('takes alert levels as the system icons of message avatars', async () => {
    const step = (data: string) => ({ type: 'in_app', content: 'x', actor: { type: 'system_icon', data } });
    expect(
      (await f.v1('POST', '/v1/workflows', { name: 'Icon ok', steps: [step('question')] })).statusCode,
    ).toBe(201);
    const bad = await f.v1('POST', '/v1/workflows', { name: 'Icon bad', steps: [step('rocket')] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('warning, info, error, success, up, question');
  });

  it('records the clicked action of a message (and refuses unknown kinds)', async () => {
    await f.v1('POST', '/v1/events/trigger', {
      name: 'system-announcement',
      to: 'click-1',
      payload: { title: 'Open me', url: 'https://example.test/a' },
    });
    await t.app.notify.queue.drain();
    const session = await widgetSession(t.app, f, 'click-1');
    const feed = await t.app.inject({
      method: 'GET',
      url: '/v1/widgets/notifications/feed',
      headers: session.headers,
    });
    const [message] = feed.json().data as { _id: string }[];
    const act = (type: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/widgets/messages/${message?._id}/actions/${type}`,
        headers: session.headers,
        payload: { executedType: type, status: 'done' },
      });
    const clicked = await act('clicked');
    expect(clicked.statusCode, clicked.body).toBe(201);
    expect(clicked.json().data.cta.action).toMatchObject({ status: 'done', result: { type: 'clicked' } });
    expect((await act('tertiary')).statusCode).toBe(400);
  });
});
