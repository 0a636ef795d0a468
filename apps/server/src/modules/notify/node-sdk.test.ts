import { Novu } from '@novu/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createNotifyFixture, type NotifyFixture } from './testing';

/** Code written against Novu's server SDK (@novu/node 2.6.6, axios) works against Forecourt's /v1. */
describe('@novu/node against Forecourt', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let novu: Novu;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    novu = new Novu(f.secretKey, { backendUrl: url });
  });
  afterAll(() => t.close());

  it('identifies subscribers, manages topics, triggers, lists messages and execution details, cancels', async () => {
    const environment = await novu.environments.getCurrent();
    expect(environment.data.data.identifier).toBe(f.environment.applicationIdentifier);

    const identified = await novu.subscribers.identify('sdk-1', {
      firstName: 'Priya',
      email: 'priya@example.test',
    });
    expect(identified.status).toBe(201);
    expect(identified.data.data).toMatchObject({ subscriberId: 'sdk-1', firstName: 'Priya' });
    await novu.subscribers.identify('sdk-2', { firstName: 'Arjun' });
    expect((await novu.subscribers.get('sdk-1')).data.data.email).toBe('priya@example.test');
    expect((await novu.subscribers.update('sdk-1', { lastName: 'Rao' })).data.data.lastName).toBe('Rao');
    const page = await novu.subscribers.list(0, 10);
    expect(page.data).toMatchObject({ page: 0, pageSize: 10, data: expect.any(Array) });

    await novu.topics.create({ key: 'sdk-night-shift', name: 'Night shift' });
    const added = await novu.topics.addSubscribers('sdk-night-shift', {
      subscribers: ['sdk-1', 'sdk-2', 'ghost'],
    });
    expect(added.data.data).toEqual({ succeeded: ['sdk-1', 'sdk-2'], failed: { notFound: ['ghost'] } });
    expect((await novu.topics.get('sdk-night-shift')).data.data.subscribers).toEqual(['sdk-1', 'sdk-2']);

    const workflows = await novu.notificationTemplates.getAll();
    expect(
      workflows.data.data.map(
        (workflow: { triggers: { identifier: string }[] }) => workflow.triggers[0]?.identifier,
      ),
    ).toContain('system-announcement');

    const triggered = await novu.trigger('system-announcement', {
      to: [{ type: 'Topic', topicKey: 'sdk-night-shift' }] as never,
      payload: { title: 'Shift change at 22:00' },
      transactionId: 'sdk-txn-1',
    });
    expect(triggered.status).toBe(201);
    expect(triggered.data).toEqual({
      data: { acknowledged: true, status: 'processed', transactionId: 'sdk-txn-1' },
    });
    const bulk = await novu.bulkTrigger([
      { name: 'system-announcement', to: 'sdk-1', payload: { title: 'a' } },
      { name: 'system-announcement', to: 'sdk-2', payload: { title: 'b' } },
    ]);
    expect(bulk.data.data).toHaveLength(2);
    const broadcast = await novu.broadcast('system-announcement', { payload: { title: 'everyone' } });
    expect(broadcast.data.data.status).toBe('processed');
    await t.app.notify.queue.drain();

    const messages = await novu.messages.list({ transactionIds: ['sdk-txn-1'], limit: 10 } as never);
    expect(messages.data.data).toHaveLength(2);
    const sdk1 = (await novu.subscribers.get('sdk-1')).data.data;
    const message = messages.data.data.find((m: { _subscriberId: string }) => m._subscriberId === sdk1._id);
    const details = await novu.executionDetails.get({
      notificationId: message._notificationId,
      subscriberId: 'sdk-1',
    });
    expect(details.data.data.map((detail: { code: number }) => detail.code)).toEqual([1000, 1007, 1009]);

    expect((await novu.events.cancel('sdk-txn-1')).data).toEqual({ data: false });
    await novu.topics.removeSubscribers('sdk-night-shift', { subscribers: ['sdk-2'] });
    expect((await novu.topics.get('sdk-night-shift')).data.data.subscribers).toEqual(['sdk-1']);
    expect((await novu.subscribers.delete('sdk-2')).data.data).toEqual({
      acknowledged: true,
      status: 'deleted',
    });

    const port = (t.app.server.address() as { port: number }).port;
    const stranger = new Novu('wrong-key', { backendUrl: `http://127.0.0.1:${port}` });
    await expect(stranger.subscribers.get('sdk-1')).rejects.toMatchObject({ response: { status: 401 } });
  });
});
