import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser } from '../../test/factories';
import { DOMAIN_WORKFLOWS } from './domain-workflows';
import { presetSecretKey } from './environments.service';
import { toHexId } from './ids';
import { notifyKeys } from './secrets';
import { createNotifyFixture, type NotifyFixture, triggerAndWait, widgetSession } from './testing';

describe('notification platform API (/v1 with ApiKey)', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let other: NotifyFixture;

  const messagesOf = async (subscriberId: string, fixture = f) => {
    const response = await fixture.v1('GET', `/v1/messages?subscriberId=${subscriberId}&limit=100`);
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      _id: string;
      content: string;
      transactionId: string;
      _notificationId: string;
    }[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    other = await createNotifyFixture(t);
  });
  afterAll(() => t.close());

  describe('authentication', () => {
    it('401 INVALID_API_KEY without the header, with a wrong key, or with a bearer token', async () => {
      for (const authorization of [
        undefined,
        'ApiKey wrong-key',
        `Bearer ${f.secretKey}`,
        'ApiKey',
        f.admin.headers.authorization,
      ]) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/v1/subscribers',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ statusCode: 401, code: 'INVALID_API_KEY' });
      }
    });

    it('scopes everything to the key’s environment', async () => {
      await f.v1('POST', '/v1/subscribers', { subscriberId: 'only-in-f' });
      expect((await f.v1('GET', '/v1/subscribers/only-in-f')).statusCode).toBe(200);
      expect((await other.v1('GET', '/v1/subscribers/only-in-f')).statusCode).toBe(404);
      const workflows = (await other.v1('GET', '/v1/workflows')).json();
      const foreign = (await f.v1('GET', '/v1/workflows')).json().data[0]._id;
      expect(workflows.data.map((w: { _id: string }) => w._id)).not.toContain(foreign);
      expect((await other.v1('GET', `/v1/workflows/${foreign}`)).statusCode).toBe(404);
    });

    it('GET /v1/environments/me names the key’s environment (never the key)', async () => {
      const response = await f.v1('GET', '/v1/environments/me');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        _id: toHexId(f.environment.id),
        identifier: f.environment.applicationIdentifier,
        name: 'Production',
      });
      expect(response.body).not.toContain(f.secretKey);
      expect((await f.v1('GET', '/v1/nothing-here')).json().code).toBe('ROUTE_NOT_FOUND');
    });
  });

  describe('workflows', () => {
    it('lists workflows with trigger identifiers and variables in Novu’s page shape', async () => {
      const response = await f.v1('GET', '/v1/workflows');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      // The announcement and the domain event workflows, there from the start.
      expect(body).toMatchObject({ totalCount: 1 + DOMAIN_WORKFLOWS.length, page: 0, pageSize: 10 });
      const announcement = body.data.find(
        (workflow: { triggers: { identifier: string }[] }) =>
          workflow.triggers[0]?.identifier === 'system-announcement',
      );
      expect(announcement).toMatchObject({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'System announcement',
        active: true,
        critical: false,
        tags: ['system'],
        triggers: [
          {
            type: 'event',
            identifier: 'system-announcement',
            variables: [{ name: 'body' }, { name: 'title' }, { name: 'url' }],
          },
        ],
        preferenceSettings: { in_app: true, email: true, sms: true, chat: true, push: true },
        steps: [{ type: 'in_app', template: { type: 'in_app', content: expect.any(String) } }],
      });
      expect((await f.v1('GET', '/v1/notification-templates')).json().data).toEqual(body.data);
    });

    it('creates (201), reads, changes and deletes workflows; stores every step type; Novu’s step nesting works', async () => {
      const created = await f.v1('POST', '/v1/workflows', {
        name: 'Daily sales digest',
        tags: ['sales'],
        critical: false,
        preferenceSettings: { email: false },
        steps: [
          { type: 'digest', metadata: { type: 'regular', amount: 1, unit: 'days', digestKey: 'stationId' } },
          {
            template: { type: 'email', subject: 'Sales {{day}}', content: '<p>{{total}}</p>' },
            active: true,
          },
          { type: 'delay', metadata: { type: 'regular', amount: 5, unit: 'minutes' } },
          { type: 'sms', content: 'Sales {{total}}' },
          { type: 'chat', content: 'Sales {{total}}' },
          { type: 'push', subject: 'Sales', content: '{{total}}' },
          {
            type: 'in_app',
            content: 'Sales {{titlecase day}}',
            filters: [
              { value: 'AND', children: [{ on: 'payload', field: 'total', operator: 'LARGER', value: '0' }] },
            ],
          },
        ],
      });
      expect(created.statusCode).toBe(201);
      const workflow = created.json().data;
      expect(workflow.triggers[0].identifier).toBe('daily-sales-digest');
      expect(workflow.steps.map((s: { type: string }) => s.type)).toEqual([
        'digest',
        'email',
        'delay',
        'sms',
        'chat',
        'push',
        'in_app',
      ]);
      expect(workflow.steps[1]).toMatchObject({
        subject: 'Sales {{day}}',
        template: { subject: 'Sales {{day}}' },
      });
      expect(workflow.steps[0].metadata).toEqual({
        type: 'regular',
        amount: 1,
        unit: 'days',
        digestKey: 'stationId',
      });
      expect(workflow.preferenceSettings.email).toBe(false);

      const id = workflow._id;
      expect((await f.v1('GET', `/v1/workflows/${id}`)).json().data.name).toBe('Daily sales digest');
      const changed = await f.v1('PUT', `/v1/workflows/${id}`, { active: false, tags: ['sales', 'daily'] });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({ active: false, tags: ['sales', 'daily'] });
      expect(changed.json().data.steps.map((s: { id: string }) => s.id)).toEqual(
        workflow.steps.map((s: { id: string }) => s.id),
      );
      expect((await f.v1('PUT', `/v1/workflows/${id}`, {})).statusCode).toBe(400);
      expect((await f.v1('DELETE', `/v1/workflows/${id}`)).json()).toEqual({ data: true });
      expect((await f.v1('GET', `/v1/workflows/${id}`)).statusCode).toBe(404);
      expect((await f.v1('DELETE', `/v1/workflows/${id}`)).statusCode).toBe(404);
    });

    it('refuses templates that do not compile, duplicate identifiers and bad step types', async () => {
      const broken = await f.v1('POST', '/v1/workflows', {
        name: 'Broken',
        steps: [{ type: 'in_app', content: 'Hello {{#if x}}' }],
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'steps.0.content' }],
      });
      const duplicate = await f.v1('POST', '/v1/workflows', { name: 'System announcement', steps: [] });
      expect(duplicate.statusCode).toBe(409);
      const badType = await f.v1('POST', '/v1/workflows', { name: 'x', steps: [{ type: 'fax' }] });
      expect(badType.statusCode).toBe(400);
      expect((await f.v1('GET', '/v1/workflows/zzz')).statusCode).toBe(404);
    });
  });

  describe('subscribers', () => {
    it('creates or updates (201), reads, lists, changes and deletes subscribers', async () => {
      const created = await f.v1('POST', '/v1/subscribers', {
        subscriberId: 'driver-7',
        firstName: 'Meera',
        email: 'meera@example.test',
        data: { fleet: 'north' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        subscriberId: 'driver-7',
        firstName: 'Meera',
        lastName: null,
        email: 'meera@example.test',
        data: { fleet: 'north' },
        isOnline: false,
      });
      const updated = await f.v1('POST', '/v1/subscribers', { subscriberId: 'driver-7', lastName: 'Iyer' });
      expect(updated.json().data).toMatchObject({
        _id: created.json().data._id,
        firstName: 'Meera',
        lastName: 'Iyer',
      });
      const put = await f.v1('PUT', '/v1/subscribers/driver-7', { phone: '+919800000000', firstName: null });
      expect(put.json().data).toMatchObject({ phone: '+919800000000', firstName: null, lastName: 'Iyer' });
      expect((await f.v1('PUT', '/v1/subscribers/nobody', { phone: '1' })).statusCode).toBe(404);
      expect((await f.v1('GET', '/v1/subscribers/nobody')).statusCode).toBe(404);

      const page = await f.v1('GET', '/v1/subscribers?page=0&limit=1');
      expect(page.json()).toMatchObject({
        page: 0,
        pageSize: 1,
        hasMore: true,
        totalCount: expect.any(Number),
      });
      expect(page.json().data).toHaveLength(1);
      expect((await f.v1('GET', '/v1/subscribers?limit=0')).statusCode).toBe(400);

      expect((await f.v1('DELETE', '/v1/subscribers/driver-7')).json()).toEqual({
        data: { acknowledged: true, status: 'deleted' },
      });
      expect((await f.v1('DELETE', '/v1/subscribers/driver-7')).statusCode).toBe(404);
      expect((await f.v1('POST', '/v1/subscribers', { firstName: 'no id' })).statusCode).toBe(400);
    });
  });

  describe('topics', () => {
    it('creates topics, adds and removes subscribers, lists, renames and deletes', async () => {
      await f.v1('POST', '/v1/subscribers', { subscriberId: 'topic-a' });
      await f.v1('POST', '/v1/subscribers', { subscriberId: 'topic-b' });
      const created = await f.v1('POST', '/v1/topics', { key: 'station-7-staff', name: 'Station 7 staff' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({
        data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), key: 'station-7-staff' },
      });
      expect((await f.v1('POST', '/v1/topics', { key: 'station-7-staff', name: 'again' })).statusCode).toBe(
        409,
      );

      const added = await f.v1('POST', '/v1/topics/station-7-staff/subscribers', {
        subscribers: ['topic-a', 'topic-b', 'topic-missing', 'topic-a'],
      });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toEqual({
        data: { succeeded: ['topic-a', 'topic-b'], failed: { notFound: ['topic-missing'] } },
      });
      const topic = await f.v1('GET', '/v1/topics/station-7-staff');
      expect(topic.json().data).toMatchObject({
        key: 'station-7-staff',
        name: 'Station 7 staff',
        subscribers: ['topic-a', 'topic-b'],
      });

      const removed = await f.v1('POST', '/v1/topics/station-7-staff/subscribers/removal', {
        subscribers: ['topic-a'],
      });
      expect(removed.statusCode).toBe(204);
      expect((await f.v1('GET', '/v1/topics/station-7-staff')).json().data.subscribers).toEqual(['topic-b']);

      const list = await f.v1('GET', '/v1/topics?page=0&pageSize=10');
      expect(list.json()).toMatchObject({
        page: 0,
        pageSize: 10,
        totalCount: 1,
        data: [{ key: 'station-7-staff' }],
      });
      expect((await f.v1('PATCH', '/v1/topics/station-7-staff', { name: 'Staff' })).json().data.name).toBe(
        'Staff',
      );
      expect((await other.v1('GET', '/v1/topics/station-7-staff')).statusCode).toBe(404);
      expect(
        (await f.v1('POST', '/v1/topics/nope/subscribers', { subscribers: ['topic-a'] })).statusCode,
      ).toBe(404);
      expect((await f.v1('DELETE', '/v1/topics/station-7-staff')).statusCode).toBe(204);
      expect((await f.v1('GET', '/v1/topics/station-7-staff')).statusCode).toBe(404);
      expect((await f.v1('POST', '/v1/topics', { name: 'no key' })).statusCode).toBe(400);
    });
  });

  describe('triggers', () => {
    it('delivers to a subscriber id, a subscriber object (created with its profile) and arrays', async () => {
      const response = await triggerAndWait(t, f, {
        name: 'system-announcement',
        to: ['t-1', { subscriberId: 't-2', firstName: 'Kiran', email: 'kiran@example.test' }],
        payload: { title: 'Hello {{subscriber.firstName}}', body: 'x' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        data: { acknowledged: true, status: 'processed', transactionId: expect.any(String) },
      });
      expect(await messagesOf('t-1')).toHaveLength(1);
      expect(await messagesOf('t-2')).toHaveLength(1);
      expect((await f.v1('GET', '/v1/subscribers/t-2')).json().data).toMatchObject({ firstName: 'Kiran' });
      // Payload values are data, not templates: they are escaped, never evaluated.
      expect((await messagesOf('t-2'))[0]?.content).toBe(
        '<strong>Hello {{subscriber.firstName}}</strong><br>x',
      );
    });

    it('escapes HTML from the payload and renders subscriber variables and helpers', async () => {
      await f.v1('POST', '/v1/workflows', {
        name: 'Greeting',
        steps: [
          {
            type: 'in_app',
            content:
              'Hi {{titlecase subscriber.firstName}}: {{note}} ({{count}} {{pluralize count "fill" "fills"}})',
            actor: { type: 'user' },
          },
        ],
      });
      await f.v1('POST', '/v1/subscribers', { subscriberId: 'boss', avatar: 'https://img.test/boss.png' });
      await triggerAndWait(t, f, {
        name: 'greeting',
        to: { subscriberId: 'g-1', firstName: 'aNIL' },
        actor: 'boss',
        payload: { note: '<script>x</script>', count: 2 },
      });
      const [message] = await messagesOf('g-1');
      expect(message?.content).toBe('Hi Anil: &lt;script&gt;x&lt;/script&gt; (2 fills)');
      expect(message).toMatchObject({ actor: { type: 'user', data: 'https://img.test/boss.png' } });
    });

    it('keeps CTA URLs intact and drops links with unsafe schemes', async () => {
      await triggerAndWait(t, f, {
        name: 'system-announcement',
        to: 'cta-1',
        payload: { title: 'a', url: '/orders?id=7&tab=items' },
      });
      await triggerAndWait(t, f, {
        name: 'system-announcement',
        to: 'cta-2',
        payload: { title: 'b', url: 'javascript:alert(1)' },
      });
      await triggerAndWait(t, f, { name: 'system-announcement', to: 'cta-3', payload: { title: 'c' } });
      expect((await messagesOf('cta-1'))[0]).toMatchObject({
        cta: { type: 'redirect', data: { url: '/orders?id=7&tab=items' } },
      });
      expect((await messagesOf('cta-2'))[0]).not.toHaveProperty('cta');
      expect((await messagesOf('cta-3'))[0]).not.toHaveProperty('cta');
    });

    it('answers the trigger statuses of the protocol', async () => {
      const unknown = await f.v1('POST', '/v1/events/trigger', { name: 'no-such-workflow', to: 'x' });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toMatchObject({
        code: 'WORKFLOW_NOT_FOUND',
        message: expect.stringContaining('workflow_not_found'),
      });

      const make = async (name: string, body: Record<string, unknown>) =>
        (await f.v1('POST', '/v1/workflows', { name, ...body })).json().data.triggers[0].identifier as string;
      const inactive = await make('Inactive', { active: false, steps: [{ type: 'in_app', content: 'x' }] });
      const empty = await make('Empty', { steps: [] });
      const allOff = await make('All off', { steps: [{ type: 'in_app', content: 'x', active: false }] });
      const status = async (body: Record<string, unknown>) => {
        const response = await f.v1('POST', '/v1/events/trigger', body);
        expect(response.statusCode).toBe(201);
        return response.json().data.status;
      };
      expect(await status({ name: inactive, to: 'x' })).toBe('trigger_not_active');
      expect(await status({ name: empty, to: 'x' })).toBe('no_workflow_steps_defined');
      expect(await status({ name: allOff, to: 'x' })).toBe('no_workflow_active_steps_defined');
      expect(await status({ name: 'system-announcement', to: 'x', tenant: 'acme' })).toBe('no_tenant_found');
      expect(await status({ name: 'system-announcement', to: 'x', tenant: { identifier: 'acme' } })).toBe(
        'processed',
      );
      expect(await status({ name: 'system-announcement', to: [] })).toBe('subscriber_id_missing');
      expect(await status({ name: 'system-announcement', to: '' })).toBe('subscriber_id_missing');
      for (const body of [
        { to: 'x' },
        { name: 'system-announcement' },
        { name: 'system-announcement', to: 42 },
      ]) {
        expect((await f.v1('POST', '/v1/events/trigger', body)).statusCode).toBe(400);
      }
      await t.app.notify.queue.drain();
    });

    it('has exactly one effect per transactionId, also under 50 concurrent identical triggers', async () => {
      const body = {
        name: 'system-announcement',
        to: ['idem-1', 'idem-2'],
        payload: { title: 'Once' },
        transactionId: 'txn-once',
      };
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => f.v1('POST', '/v1/events/trigger', body)),
      );
      await t.app.notify.queue.drain();
      for (const response of responses) {
        expect(response.statusCode).toBe(201);
        expect(response.json()).toEqual({
          data: { acknowledged: true, status: 'processed', transactionId: 'txn-once' },
        });
      }
      expect(await messagesOf('idem-1')).toHaveLength(1);
      expect(await messagesOf('idem-2')).toHaveLength(1);
      const again = await triggerAndWait(t, f, body);
      expect(again.json().data.status).toBe('processed');
      expect(await messagesOf('idem-1')).toHaveLength(1);
      const events = await t.database.db
        .selectFrom('notifyEvents')
        .select('id')
        .where('transactionId', '=', 'txn-once')
        .execute();
      expect(events).toHaveLength(1);
      // Another environment may use the same transaction id.
      await triggerAndWait(t, other, body);
      expect(await messagesOf('idem-1', other)).toHaveLength(1);
    });

    it('fans out to a topic of thousands with set-based inserts, without the actor', async () => {
      const size = 2000;
      const now = t.clock.now();
      const rows = Array.from({ length: size }, (_, i) => ({
        environmentId: f.environment.id,
        organizationId: f.organization.id,
        subscriberId: `fan-${i}`,
        createdAt: now,
        updatedAt: now,
      }));
      for (let i = 0; i < rows.length; i += 250) {
        await t.database.db
          .insertInto('notifySubscribers')
          .values(rows.slice(i, i + 250))
          .execute();
      }
      await f.v1('POST', '/v1/topics', { key: 'everyone', name: 'Everyone' });
      for (let i = 0; i < size; i += 1000) {
        const response = await f.v1('POST', '/v1/topics/everyone/subscribers', {
          subscribers: rows.slice(i, i + 1000).map((row) => row.subscriberId),
        });
        expect(response.json().data.succeeded).toHaveLength(1000);
      }
      const started = performance.now();
      const response = await triggerAndWait(t, f, {
        name: 'system-announcement',
        to: [{ type: 'Topic', topicKey: 'everyone' }, 'fan-1', { type: 'Topic', topicKey: 'no-such-topic' }],
        actor: 'fan-0',
        payload: { title: 'Fuel price revision' },
        transactionId: 'fan-out',
      });
      const elapsed = performance.now() - started;
      expect(response.json().data.status).toBe('processed');
      const count = await t.database.db
        .selectFrom('notifyMessages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('transactionId', '=', 'fan-out')
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(size - 1);
      expect(await messagesOf('fan-0')).toEqual([]);
      expect(elapsed).toBeLessThan(20_000);
      const topicError = await f.v1('GET', '/v1/execution-details?transactionId=fan-out&subscriberId=fan-1');
      expect(topicError.statusCode).toBe(200);
      const unknownTopic = await t.database.db
        .selectFrom('notifyExecutionDetails')
        .select(['code', 'detail'])
        .where('transactionId', '=', 'fan-out')
        .where('code', '=', 4001)
        .execute();
      expect(unknownTopic).toEqual([{ code: 4001, detail: 'Topic not found: no-such-topic' }]);
    });

    it('bulk triggers up to 100 events, each with its own result', async () => {
      const response = await f.v1('POST', '/v1/events/trigger/bulk', {
        events: [
          { name: 'system-announcement', to: 'bulk-1', payload: { title: 'a' } },
          { name: 'missing', to: 'bulk-1', transactionId: 'bulk-missing' },
          { name: 'system-announcement', to: 'bulk-2', payload: { title: 'b' }, transactionId: 'bulk-b' },
        ],
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toEqual([
        { acknowledged: true, status: 'processed', transactionId: expect.any(String) },
        {
          acknowledged: false,
          status: 'error',
          transactionId: 'bulk-missing',
          error: [expect.stringContaining('workflow_not_found')],
        },
        { acknowledged: true, status: 'processed', transactionId: 'bulk-b' },
      ]);
      const tooMany = Array.from({ length: 101 }, () => ({ name: 'system-announcement', to: 'x' }));
      expect((await f.v1('POST', '/v1/events/trigger/bulk', { events: tooMany })).statusCode).toBe(400);
      expect((await f.v1('POST', '/v1/events/trigger/bulk', { events: [] })).statusCode).toBe(400);
      await t.app.notify.queue.drain();
      expect(await messagesOf('bulk-2')).toHaveLength(1);
    });

    it('broadcasts to every subscriber of the environment', async () => {
      const ids = ['b-1', 'b-2'];
      for (const subscriberId of ids) await other.v1('POST', '/v1/subscribers', { subscriberId });
      const response = await triggerAndWait(t, other, {
        name: 'system-announcement',
        payload: { title: 'All' },
      });
      expect(response.statusCode).toBe(400);
      const broadcast = await other.v1('POST', '/v1/events/trigger/broadcast', {
        name: 'system-announcement',
        payload: { title: 'All hands' },
        transactionId: 'broadcast-1',
      });
      await t.app.notify.queue.drain();
      expect(broadcast.statusCode).toBe(201);
      const subscribers = (await other.v1('GET', '/v1/subscribers?limit=100')).json().data.length;
      const messages = await other.v1('GET', '/v1/messages?transactionId=broadcast-1&limit=100');
      expect(messages.json().data).toHaveLength(subscribers);
      expect(messages.json().totalCount).toBe(subscribers);
    });

    it('cancels what has not run yet (a step after a delay); false when nothing is left', async () => {
      await f.v1('POST', '/v1/workflows', {
        name: 'Delayed reminder',
        steps: [
          { type: 'in_app', content: 'now' },
          { type: 'delay', metadata: { type: 'regular', amount: 1, unit: 'hours' } },
          { type: 'in_app', content: 'later' },
        ],
      });
      await triggerAndWait(t, f, { name: 'delayed-reminder', to: 'late-1', transactionId: 'remind-1' });
      expect((await messagesOf('late-1')).map((m) => m.content)).toEqual(['now']);
      const jobs = async () =>
        (
          await t.database.db
            .selectFrom('notifyJobs')
            .select(['type', 'status'])
            .where('transactionId', '=', 'remind-1')
            .orderBy('stepIndex')
            .execute()
        ).map((job) => `${job.type}:${job.status}`);
      expect(await jobs()).toEqual(['in_app:completed', 'delay:delayed', 'in_app:pending']);
      expect((await f.v1('DELETE', '/v1/events/trigger/remind-1')).json()).toEqual({ data: true });
      expect(await jobs()).toEqual(['in_app:completed', 'delay:canceled', 'in_app:canceled']);
      expect((await f.v1('DELETE', '/v1/events/trigger/remind-1')).json()).toEqual({ data: false });
      expect((await f.v1('DELETE', '/v1/events/trigger/unknown')).json()).toEqual({ data: false });
    });

    it('runs step conditions and records execution details with their codes', async () => {
      await f.v1('POST', '/v1/workflows', {
        name: 'Big sale',
        steps: [
          { type: 'email', subject: 'x', content: 'x' },
          {
            type: 'in_app',
            content: 'Sale of {{amount}}',
            filters: [
              {
                value: 'AND',
                children: [{ on: 'payload', field: 'amount', operator: 'LARGER_EQUAL', value: '1000' }],
              },
            ],
          },
        ],
      });
      await triggerAndWait(t, f, {
        name: 'big-sale',
        to: 'cond-1',
        payload: { amount: 500 },
        transactionId: 'small',
      });
      await triggerAndWait(t, f, {
        name: 'big-sale',
        to: 'cond-1',
        payload: { amount: 5000 },
        transactionId: 'big',
      });
      expect((await messagesOf('cond-1')).map((m) => m.content)).toEqual(['Sale of 5000']);
      const [message] = await messagesOf('cond-1');
      const details = await f.v1(
        'GET',
        `/v1/execution-details?notificationId=${message?._notificationId}&subscriberId=cond-1`,
      );
      expect(details.statusCode).toBe(200);
      expect(
        details
          .json()
          .data.map((d: { code: number; status: string; channel: string | null }) => [
            d.code,
            d.status,
            d.channel,
          ]),
      ).toEqual([
        [1000, 'Pending', null],
        // In-app is stored in the worker's transaction; email is settled after it (delivery/).
        [1007, 'Success', 'in_app'],
        [3005, 'Failed', 'email'],
        [1009, 'Success', null],
      ]);
      expect(details.json().data[1]).toMatchObject({
        group: 'success',
        _messageId: message?._id,
        detail: 'In-app message created',
      });
      const skipped = await f.v1('GET', '/v1/execution-details?transactionId=small');
      expect(
        skipped.json().data.map((d: { code: number; status: string }) => `${d.code}:${d.status}`),
      ).toContain('1009:Warning');
      expect(
        (
          await f.v1(
            'GET',
            `/v1/execution-details?notificationId=${message?._notificationId}&subscriberId=someone-else`,
          )
        ).json().data,
      ).toEqual([]);
      expect(
        (await other.v1('GET', `/v1/execution-details?notificationId=${message?._notificationId}`)).json()
          .data,
      ).toEqual([]);
      expect((await f.v1('GET', '/v1/execution-details')).statusCode).toBe(400);
    });

    it('lists messages with Novu’s filters', async () => {
      const response = await f.v1('GET', '/v1/messages?channel=in_app&page=0&limit=2');
      expect(response.json()).toMatchObject({
        page: 0,
        pageSize: 2,
        hasMore: true,
        totalCount: expect.any(Number),
      });
      expect(response.json().data).toHaveLength(2);
      const byTransaction = await f.v1('GET', '/v1/messages?transactionId=bulk-b&transactionId=big');
      expect(
        byTransaction
          .json()
          .data.map((m: { transactionId: string }) => m.transactionId)
          .sort(),
      ).toEqual(['big', 'bulk-b']);
      expect((await f.v1('GET', '/v1/messages?limit=1000')).statusCode).toBe(400);
    });
  });
});

describe('notification platform for signed-in users (/api/platform)', () => {
  let t: TestApp;
  let f: NotifyFixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
  });
  afterAll(() => t.close());

  it('gives every member their inbox configuration; the hash opens their inbox', async () => {
    const member = await createSignedInUser(t.database.db, {
      organizationId: f.organization.id,
      role: 'member',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/platform/config',
      headers: member.headers,
    });
    expect(response.statusCode).toBe(200);
    const config = response.json();
    expect(config).toEqual({
      applicationIdentifier: f.environment.applicationIdentifier,
      backendUrl: 'http://localhost:8080',
      socketUrl: 'http://localhost:8080',
      subscriberId: String(member.user.id),
      subscriberHash: f.hash(String(member.user.id)),
      maxSnoozeHours: 720,
    });
    const subscriber = await f.v1('GET', `/v1/subscribers/${member.user.id}`);
    expect(subscriber.json().data).toMatchObject({
      firstName: member.user.firstName,
      email: member.user.email,
    });
    const session = await t.app.inject({
      method: 'POST',
      url: '/v1/widgets/session/initialize',
      payload: {
        applicationIdentifier: config.applicationIdentifier,
        subscriberId: config.subscriberId,
        hmacHash: config.subscriberHash,
      },
    });
    expect(session.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/platform/config' })).statusCode).toBe(401);
    const homeless = await createSignedInUser(t.database.db);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/platform/config', headers: homeless.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('creates the environment of an organisation on first use, with the default workflows', async () => {
    const organization = await createOrganization(t.database.db);
    const admin = await createSignedInUser(t.database.db, { organizationId: organization.id, role: 'admin' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/platform/notifications/environment',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Production',
      hmacRequired: true,
      secretKeyHint: expect.stringMatching(/^….{4}$/),
    });
    expect(JSON.stringify(response.json())).not.toMatch(/[0-9a-f]{64}/);
    const workflows = await t.app.inject({
      method: 'GET',
      url: '/api/platform/notifications/workflows',
      headers: admin.headers,
    });
    expect(
      workflows.json().data.map((w: { triggers: { identifier: string }[] }) => w.triggers[0]?.identifier),
    ).toEqual(
      expect.arrayContaining([
        'system-announcement',
        ...DOMAIN_WORKFLOWS.map((workflow) => workflow.triggerIdentifier),
      ]),
    );
  });

  it('rotates the secret key for admins: shown once, the old key and old hashes stop working', async () => {
    const rotate = await t.app.inject({
      method: 'POST',
      url: '/api/platform/notifications/environment/rotate',
      headers: f.admin.headers,
    });
    expect(rotate.statusCode).toBe(200);
    const { secretKey } = rotate.json();
    expect(secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(rotate.json().secretKeyHint).toBe(`…${secretKey.slice(-4)}`);
    expect((await f.v1('GET', '/v1/subscribers')).statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/v1/subscribers',
      headers: { authorization: `ApiKey ${secretKey}` },
    });
    expect(fresh.statusCode).toBe(200);
    const oldHash = await t.app.inject({
      method: 'POST',
      url: '/v1/widgets/session/initialize',
      payload: {
        applicationIdentifier: f.environment.applicationIdentifier,
        subscriberId: 'x',
        hmacHash: f.hash('x'),
      },
    });
    expect(oldHash.statusCode).toBe(400);
    const environment = await t.app.inject({
      method: 'GET',
      url: '/api/platform/notifications/environment',
      headers: f.admin.headers,
    });
    expect(JSON.stringify(environment.json())).not.toContain(secretKey);
    const audit = await t.database.db
      .selectFrom('auditEvents')
      .select(['action', 'data'])
      .where('organizationId', '=', f.organization.id)
      .execute();
    expect(audit).toEqual([{ action: 'notifications.key_rotated', data: '{}' }]);
    // Put the fixture's key back for the next tests.
    await presetSecretKey(
      { db: t.database.db, now: t.clock.now, keys: notifyKeys(t.database.db, t.clock.now) },
      f.organization.id,
      f.secretKey,
    );
  });

  it('serves the same operations under /api/platform/notifications with the notifications grants', async () => {
    const member = await createSignedInUser(t.database.db, {
      organizationId: f.organization.id,
      role: 'member',
    });
    const api = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      headers: Record<string, string>,
      payload?: unknown,
    ) =>
      t.app.inject({
        method,
        url: `/api/platform/notifications${url}`,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    expect((await api('GET', '/workflows', member.headers)).statusCode).toBe(403);
    expect(
      (await api('POST', '/events/trigger', member.headers, { name: 'system-announcement', to: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await api('POST', '/environment/rotate', member.headers)).statusCode).toBe(403);
    expect((await api('GET', '/workflows', {})).statusCode).toBe(401);

    const sent = await api('POST', '/events/trigger', f.admin.headers, {
      name: 'system-announcement',
      to: String(member.user.id),
      payload: { title: 'Welcome', body: 'Your stations are set up', url: '/stations' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.status).toBe('processed');
    await t.app.notify.queue.drain();
    const messages = await api('GET', `/messages?subscriberId=${member.user.id}`, f.admin.headers);
    expect(messages.json().data).toEqual([
      expect.objectContaining({
        content: '<strong>Welcome</strong><br>Your stations are set up',
        cta: { type: 'redirect', data: { url: '/stations' } },
      }),
    ]);
    // The same document through the ApiKey API.
    expect((await f.v1('GET', `/v1/messages?subscriberId=${member.user.id}`)).json().data).toEqual(
      messages.json().data,
    );
    const subscriber = await api('GET', `/subscribers/${member.user.id}`, f.admin.headers);
    expect(subscriber.statusCode).toBe(200);
    // Another organisation's admin sees another environment.
    const stranger = await createSignedInUser(t.database.db, {
      organizationId: (await createOrganization(t.database.db)).id,
      role: 'admin',
    });
    expect((await api('GET', `/subscribers/${member.user.id}`, stranger.headers)).statusCode).toBe(404);
    const session = await widgetSession(t.app, f, String(member.user.id));
    const feed = await t.app.inject({
      method: 'GET',
      url: '/v1/widgets/notifications/feed',
      headers: session.headers,
    });
    expect(feed.json().data[0]._id).toBe(messages.json().data[0]._id);
    expect(toHexId(1)).toHaveLength(24);
  });
});

describe('the inbox settings follow the configured snooze maximum', () => {
  it('tells the dashboard inbox the maximum the server enforces', async () => {
    const t = await createTestApp({ notify: { maxSnoozeHours: 48 } });
    try {
      const f = await createNotifyFixture(t);
      const member = await createSignedInUser(t.database.db, {
        organizationId: f.organization.id,
        role: 'member',
      });
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/platform/config',
        headers: member.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().maxSnoozeHours).toBe(48);
    } finally {
      await t.close();
    }
  });
});
