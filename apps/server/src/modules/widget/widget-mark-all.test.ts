import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createNotifyFixture, type NotifyFixture, triggerAndWait, widgetSession } from '../notify/testing';

/** Mark all seen and the archive on the widget API agree with what the inbox clients show. */
describe('/v1/widgets mark all seen, archive view', () => {
  let t: TestApp;
  let f: NotifyFixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
  });
  afterAll(() => t.close());

  it('mark all seen leaves every message seen and unread, as the client shows it; a refetch agrees', async () => {
    for (const title of ['a', 'b']) {
      await triggerAndWait(t, f, { name: 'system-announcement', to: 'ma-1', payload: { title } });
    }
    const session = await widgetSession(t.app, f, 'ma-1');
    const feed = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/v1/widgets/notifications/feed', headers: session.headers })
      ).json().data as { _id: string; seen: boolean; read: boolean }[];
    const [first] = await feed();
    await t.app.inject({
      method: 'POST',
      url: '/v1/widgets/messages/markAs',
      headers: session.headers,
      payload: { messageId: first?._id, mark: { seen: true, read: true } },
    });
    const seen = await t.app.inject({
      method: 'POST',
      url: '/v1/widgets/messages/seen',
      headers: session.headers,
      payload: {},
    });
    expect(seen.statusCode).toBe(201);
    expect((await feed()).map(({ seen, read }) => ({ seen, read }))).toEqual([
      { seen: true, read: false },
      { seen: true, read: false },
    ]);
  });

  it('archived messages leave the feed and counts and are listed with archived=true', async () => {
    await triggerAndWait(t, f, { name: 'system-announcement', to: 'ma-2', payload: { title: 'x' } });
    const session = await widgetSession(t.app, f, 'ma-2');
    const inbox = await t.app.inject({
      method: 'POST',
      url: '/v1/inbox/session',
      payload: {
        applicationIdentifier: f.environment.applicationIdentifier,
        subscriberId: 'ma-2',
        subscriberHash: f.hash('ma-2'),
      },
    });
    const headers = { authorization: `Bearer ${inbox.json().data.token as string}` };
    const [message] = (await t.app.inject({ method: 'GET', url: '/v1/inbox/notifications', headers })).json()
      .data;
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/inbox/notifications/${message.id as string}/archive`,
      headers,
    });
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: session.headers })).json();
    expect((await get('/v1/widgets/notifications/feed')).data).toEqual([]);
    expect(
      (await get('/v1/widgets/notifications/feed?archived=true')).data.map((m: { _id: string }) => m._id),
    ).toEqual([message.id]);
    expect((await get('/v1/widgets/notifications/unseen')).data.count).toBe(0);
  });
});
