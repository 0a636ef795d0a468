import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createNotifyFixture, type NotifyFixture, triggerAndWait, widgetSession } from './testing';

/**
 * Preferences honoured at delivery: per subscriber, workflow and channel; the global switch and
 * global channels; critical workflows ignore them all and cannot be switched off in the inbox.
 */
describe('preferences in delivery', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let normal: { id: string; trigger: string };
  let critical: { id: string; trigger: string };

  const patch = (headers: Record<string, string>, url: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url, headers, payload });
  const contents = async (subscriberId: string) =>
    (
      (await f.v1('GET', `/v1/messages?subscriberId=${subscriberId}&limit=100`)).json().data as {
        content: string;
      }[]
    ).map((m) => m.content);
  const send = async (trigger: string, to: string, content = 'x') => {
    const response = await triggerAndWait(t, f, { name: trigger, to, payload: { content } });
    return response.json().data.transactionId as string;
  };
  const details = async (transactionId: string) =>
    (await f.v1('GET', `/v1/execution-details?transactionId=${transactionId}`)).json().data as {
      code: number;
      status: string;
      detail: string;
      channel: string | null;
    }[];

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    const create = async (name: string, isCritical: boolean) => {
      const response = await f.v1('POST', '/v1/workflows', {
        name,
        critical: isCritical,
        steps: [{ type: 'in_app', content: '{{content}}' }],
      });
      const data = response.json().data;
      return { id: data._id as string, trigger: data.triggers[0].identifier as string };
    };
    normal = await create('Shift report', false);
    critical = await create('Safety alert', true);
  });
  afterAll(() => t.close());

  it('a channel switched off for the workflow skips its step (1009 Warning), other workflows still deliver', async () => {
    const { headers } = await widgetSession(t.app, f, 'pref-1');
    const off = await patch(headers, `/v1/widgets/preferences/${normal.id}`, {
      channel: { type: 'in_app', enabled: false },
    });
    expect(off.statusCode).toBe(200);
    const tx = await send(normal.trigger, 'pref-1', 'report');
    await send(critical.trigger, 'pref-1', 'alert');
    expect(await contents('pref-1')).toEqual(['alert']);
    const skipped = (await details(tx)).find((d) => d.channel === 'in_app');
    expect(skipped).toMatchObject({ code: 1009, status: 'Warning' });
    expect(skipped?.detail).toContain('turned in_app off');
    const [job] = await t.database.db
      .selectFrom('notifyJobs')
      .select('status')
      .where('transactionId', '=', tx)
      .execute();
    expect(job?.status).toBe('skipped');

    // Switched back on, it delivers again.
    await patch(headers, `/v1/widgets/preferences/${normal.id}`, {
      channel: { type: 'in_app', enabled: true },
    });
    await send(normal.trigger, 'pref-1', 'report 2');
    expect(await contents('pref-1')).toEqual(['report 2', 'alert']);
  });

  it('the workflow switch off stops every channel of it', async () => {
    const { headers } = await widgetSession(t.app, f, 'pref-2');
    await patch(headers, `/v1/widgets/preferences/${normal.id}`, { enabled: false });
    await send(normal.trigger, 'pref-2');
    expect(await contents('pref-2')).toEqual([]);
  });

  it('global off (the switch, or a global channel) stops non-critical workflows; critical ones still deliver', async () => {
    const a = await widgetSession(t.app, f, 'pref-3');
    expect((await patch(a.headers, '/v1/widgets/preferences', { enabled: false })).statusCode).toBe(200);
    const b = await widgetSession(t.app, f, 'pref-4');
    await patch(b.headers, '/v1/widgets/preferences', {
      preferences: [{ type: 'in_app', channelType: 'in_app', enabled: false }],
    });
    for (const subscriber of ['pref-3', 'pref-4']) {
      await send(normal.trigger, subscriber, 'report');
      await send(critical.trigger, subscriber, 'alert');
      expect(await contents(subscriber)).toEqual(['alert']);
    }
  });

  it('the workflow default (preferenceSettings) applies until the subscriber chooses', async () => {
    const response = await f.v1('POST', '/v1/workflows', {
      name: 'Opt in digest',
      preferenceSettings: { in_app: false },
      steps: [{ type: 'in_app', content: '{{content}}' }],
    });
    const workflow = response.json().data as { _id: string; triggers: { identifier: string }[] };
    const trigger = workflow.triggers[0]?.identifier as string;
    await send(trigger, 'pref-5', 'first');
    expect(await contents('pref-5')).toEqual([]);
    const { headers } = await widgetSession(t.app, f, 'pref-5');
    await patch(headers, `/v1/widgets/preferences/${workflow._id}`, {
      channel: { type: 'in_app', enabled: true },
    });
    await send(trigger, 'pref-5', 'second');
    expect(await contents('pref-5')).toEqual(['second']);
  });

  it('the inbox refuses to switch a critical workflow off (400) and the stored preference stays on', async () => {
    const { headers } = await widgetSession(t.app, f, 'pref-6');
    for (const body of [{ enabled: false }, { channel: { type: 'in_app', enabled: false } }]) {
      const response = await patch(headers, `/v1/widgets/preferences/${critical.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
    await send(critical.trigger, 'pref-6', 'alert');
    expect(await contents('pref-6')).toEqual(['alert']);
  });
});
