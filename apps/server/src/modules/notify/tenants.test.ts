import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createNotifyFixture, type NotifyFixture } from './testing';

describe('tenants (/v1/tenants) and tenants in triggers', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let other: NotifyFixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    other = await createNotifyFixture(t);
  });
  afterAll(() => t.close());

  it('creates, lists, reads, changes and deletes tenants in Novu shapes', async () => {
    const created = await f.v1('POST', '/v1/tenants', {
      identifier: 'west',
      name: 'West region',
      data: { colour: 'teal' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      identifier: 'west',
      name: 'West region',
      data: { colour: 'teal' },
      _environmentId: expect.any(String),
      createdAt: expect.stringMatching(/Z$/),
    });
    expect((await f.v1('POST', '/v1/tenants', { identifier: 'west', name: 'Again' })).statusCode).toBe(409);
    expect((await f.v1('POST', '/v1/tenants', { identifier: 'east', name: 'East' })).statusCode).toBe(201);
    expect((await f.v1('POST', '/v1/tenants', { identifier: '', name: 'x' })).statusCode).toBe(400);

    const page = await f.v1('GET', '/v1/tenants?page=0&limit=1');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 0, pageSize: 1, hasMore: true });
    expect(page.json().data).toHaveLength(1);
    expect((await f.v1('GET', '/v1/tenants/west')).json().data.name).toBe('West region');

    const changed = await f.v1('PATCH', '/v1/tenants/west', { name: 'West', data: { colour: 'navy' } });
    expect(changed.json().data).toMatchObject({ identifier: 'west', name: 'West', data: { colour: 'navy' } });
    expect((await f.v1('PATCH', '/v1/tenants/west', { identifier: 'east' })).statusCode).toBe(409);
    expect((await f.v1('PATCH', '/v1/tenants/nobody', { name: 'x' })).statusCode).toBe(404);

    // Another organisation's environment does not see them.
    expect((await other.v1('GET', '/v1/tenants/west')).statusCode).toBe(404);
    expect((await other.v1('DELETE', '/v1/tenants/west')).statusCode).toBe(404);

    expect((await f.v1('DELETE', '/v1/tenants/east')).statusCode).toBe(204);
    expect((await f.v1('GET', '/v1/tenants/east')).statusCode).toBe(404);
  });

  it('is served to signed-in admins under /api/platform/notifications too', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/platform/notifications/tenants',
      headers: f.admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((tenant: { identifier: string }) => tenant.identifier)).toContain('west');
  });

  it('looks the trigger’s tenant up: no_tenant_found only when it is missing, and templates see its data', async () => {
    const workflow = await f.v1('POST', '/v1/workflows', {
      name: 'Tenant hello',
      steps: [{ type: 'in_app', content: 'Hello from {{tenant.name}} ({{tenant.data.colour}})' }],
    });
    const name = workflow.json().data.triggers[0].identifier as string;
    const trigger = async (tenant: unknown, to: string) => {
      const response = await f.v1('POST', '/v1/events/trigger', { name, to, tenant });
      await t.app.notify.queue.drain();
      return response.json().data.status as string;
    };
    const contents = async (subscriberId: string) =>
      (
        (await f.v1('GET', `/v1/messages?subscriberId=${subscriberId}`)).json().data as { content: string }[]
      ).map((m) => m.content);

    expect(await trigger('nowhere', 'tn-1')).toBe('no_tenant_found');
    expect(await trigger('west', 'tn-2')).toBe('processed');
    expect(await contents('tn-2')).toEqual(['Hello from West (navy)']);
    // An object names the stored tenant and may override it; an unknown one is used as given.
    expect(await trigger({ identifier: 'west', data: { colour: 'red' } }, 'tn-3')).toBe('processed');
    expect(await contents('tn-3')).toEqual(['Hello from West (red)']);
    expect(await trigger({ identifier: 'inline', name: 'Inline' }, 'tn-4')).toBe('processed');
    expect(await contents('tn-4')).toEqual(['Hello from Inline ()']);
    // Another environment's tenant of the same identifier is not found.
    expect(
      await (async () => {
        const response = await other.v1('POST', '/v1/events/trigger', {
          name: 'system-announcement',
          to: 'x',
          tenant: 'west',
        });
        return response.json().data.status;
      })(),
    ).toBe('no_tenant_found');
  });
});
