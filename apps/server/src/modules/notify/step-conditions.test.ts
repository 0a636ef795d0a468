import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { LOOPBACK_DELIVERY } from './delivery/testing';
import { createNotifyFixture, type NotifyFixture, widgetSession } from './testing';

const START = Date.UTC(2025, 0, 6, 10, 0, 0);
const MINUTE = 60_000;

/** A loopback service a webhook condition asks; it answers by the subscriber it is told about. */
async function startDecider() {
  const asked: { subscriberId: string; body: Record<string, unknown> }[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    const subscriberId = String((body.subscriber as { subscriberId: string }).subscriberId);
    asked.push({ subscriberId, body });
    if (subscriberId.endsWith('-broken')) return response.writeHead(500).end('no');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ allow: subscriberId.endsWith('-yes'), tier: 'gold' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/decide?token=abc`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('step conditions on webhook and previousStep, and the execution codes they need', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let decider: Awaited<ReturnType<typeof startDecider>>;

  beforeAll(async () => {
    t = await createTestApp({ startAt: START, notify: { delivery: LOOPBACK_DELIVERY } });
    f = await createNotifyFixture(t);
    decider = await startDecider();
  });
  afterAll(async () => {
    await t.close();
    await decider.close();
  });

  const workflow = async (name: string, steps: unknown[]) => {
    const response = await f.v1('POST', '/v1/workflows', { name, steps });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.triggers[0].identifier as string;
  };
  const trigger = async (body: Record<string, unknown>) => {
    const response = await f.v1('POST', '/v1/events/trigger', body);
    expect(response.statusCode, response.body).toBe(201);
    await t.app.notify.queue.drain();
    return response.json().data as { status: string; transactionId: string };
  };
  const contents = async (subscriberId: string) => {
    const response = await f.v1('GET', `/v1/messages?subscriberId=${subscriberId}&limit=100`);
    return (response.json().data as { content: string }[]).map((m) => m.content).reverse();
  };
  const codes = async (transactionId: string) => {
    const response = await f.v1('GET', `/v1/execution-details?transactionId=${transactionId}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { code?: number; status: string; detail: string }[]).map((d) => ({
      code: Number(d.code ?? (d as unknown as { raw?: string }).raw),
      status: d.status,
      detail: d.detail,
    }));
  };

  it('runs a step when the webhook it asks answers what the condition wants', async () => {
    const name = await workflow('Webhook gate', [
      {
        type: 'in_app',
        content: 'gated',
        filters: [
          {
            value: 'AND',
            children: [
              { on: 'webhook', webhookUrl: decider.url, field: 'allow', operator: 'EQUAL', value: 'true' },
            ],
          },
        ],
      },
      { type: 'in_app', content: 'always' },
    ]);
    await trigger({ name, to: ['wh-yes', 'wh-no', 'wh-broken'], payload: { order: 7 } });
    expect((await contents('wh-yes')).sort()).toEqual(['always', 'gated']);
    expect(await contents('wh-no')).toEqual(['always']);
    expect(await contents('wh-broken')).toEqual(['always']);
    const question = decider.asked.find((entry) => entry.subscriberId === 'wh-yes')?.body;
    expect(question).toMatchObject({
      workflow: name,
      payload: { order: 7 },
      subscriber: { subscriberId: 'wh-yes' },
    });
    expect(decider.asked.filter((entry) => entry.subscriberId === 'wh-yes')).toHaveLength(1);
  });

  it('runs a later step only when the earlier in-app message is still unread', async () => {
    const name = await workflow('Reminder if unread', [
      { type: 'in_app', content: 'first' },
      { type: 'delay', metadata: { type: 'regular', amount: 10, unit: 'minutes' } },
      {
        type: 'in_app',
        content: 'reminder',
        filters: [{ value: 'AND', children: [{ on: 'previousStep', stepType: 'unread' }] }],
      },
    ]);
    await trigger({ name, to: ['ps-reader', 'ps-ignorer'] });
    const session = await widgetSession(t.app, f, 'ps-reader');
    const feed = await t.app.inject({
      method: 'GET',
      url: '/v1/widgets/notifications/feed',
      headers: session.headers,
    });
    const [message] = feed.json().data as { _id: string }[];
    const mark = await t.app.inject({
      method: 'POST',
      url: '/v1/widgets/messages/markAs',
      headers: session.headers,
      payload: { messageId: message?._id, mark: { read: true } },
    });
    expect(mark.statusCode).toBe(201);
    t.clock.advance(11 * MINUTE);
    await t.app.notify.scheduler.tick();
    await t.app.notify.queue.drain();
    expect(await contents('ps-reader')).toEqual(['first']);
    expect(await contents('ps-ignorer')).toEqual(['first', 'reminder']);
  });

  it('records 3011 for a payload variable the trigger did not send, and still delivers', async () => {
    const name = await workflow('Missing variable', [
      { type: 'in_app', content: 'Order {{order.id}} for {{who}}' },
    ]);
    const { transactionId } = await trigger({ name, to: 'mv-1', payload: { who: 'Asha' } });
    expect(await contents('mv-1')).toEqual(['Order  for Asha']);
    const details = await codes(transactionId);
    expect(details.find((d) => d.code === 3011)).toMatchObject({
      status: 'Warning',
      detail: expect.stringContaining('order.id'),
    });
    expect(details.some((d) => d.code === 1007)).toBe(true);
  });

  it('records 3012 when a user avatar is asked for without an actor', async () => {
    const name = await workflow('Avatar', [{ type: 'in_app', content: 'hi', actor: { type: 'user' } }]);
    const { transactionId } = await trigger({ name, to: 'av-1' });
    expect((await codes(transactionId)).find((d) => d.code === 3012)?.detail).toContain('no actor');
  });

  it('records 1001 for an inactive workflow, 3004 without recipients, 4002 for an empty topic', async () => {
    const name = await workflow('Codes', [{ type: 'in_app', content: 'x' }]);
    const noOne = await trigger({ name, to: [''] });
    expect(noOne.status).toBe('subscriber_id_missing');
    expect((await codes(noOne.transactionId)).map((d) => d.code)).toEqual([3004]);

    expect((await f.v1('POST', '/v1/topics', { key: 'empty-topic', name: 'Empty' })).statusCode).toBe(201);
    const toTopic = await trigger({ name, to: [{ type: 'Topic', topicKey: 'empty-topic' }, 'tp-1'] });
    expect((await codes(toTopic.transactionId)).find((d) => d.code === 4002)?.detail).toContain(
      'empty-topic',
    );

    const list = await f.v1('GET', '/v1/workflows?limit=100');
    const id = (list.json().data as { _id: string; triggers: { identifier: string }[] }[]).find(
      (w) => w.triggers[0]?.identifier === name,
    )?._id;
    const off = await f.v1('PUT', `/v1/workflows/${id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    const inactive = await trigger({ name, to: 'tp-2' });
    expect(inactive.status).toBe('trigger_not_active');
    expect((await codes(inactive.transactionId)).map((d) => [d.code, d.status])).toEqual([[1001, 'Failed']]);
  });
});

describe('a webhook condition follows the outbound address policy', () => {
  it('never asks a loopback webhook unless the operator allows private networks', async () => {
    const strict = await createTestApp({ startAt: START });
    const decider = await startDecider();
    try {
      const f = await createNotifyFixture(strict);
      const created = await f.v1('POST', '/v1/workflows', {
        name: 'Strict gate',
        steps: [
          {
            type: 'in_app',
            content: 'gated',
            filters: [
              {
                value: 'AND',
                children: [
                  {
                    on: 'webhook',
                    webhookUrl: decider.url,
                    field: 'allow',
                    operator: 'EQUAL',
                    value: 'true',
                  },
                ],
              },
            ],
          },
          { type: 'in_app', content: 'always' },
        ],
      });
      expect(created.statusCode, created.body).toBe(201);
      const name = created.json().data.triggers[0].identifier as string;
      const fired = await f.v1('POST', '/v1/events/trigger', { name, to: ['strict-yes'] });
      expect(fired.statusCode, fired.body).toBe(201);
      await strict.app.notify.queue.drain();
      const inbox = await f.v1('GET', '/v1/messages?subscriberId=strict-yes&limit=100');
      expect((inbox.json().data as { content: string }[]).map((m) => m.content)).toEqual(['always']);
      expect(decider.asked).toHaveLength(0);
    } finally {
      await decider.close();
      await strict.close();
    }
  });
});
