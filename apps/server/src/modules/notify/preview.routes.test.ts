import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createSignedInUser } from '../../test/factories';
import { createNotifyFixture, type NotifyFixture, triggerAndWait } from './testing';

/** The admin screens' own endpoints: workflow preview, activity, subscriber search and preferences. */
describe('notification admin endpoints', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let other: NotifyFixture;

  const platform = (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = f.admin.headers,
  ) =>
    t.app.inject({
      method,
      url: `/api/platform/notifications${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    other = await createNotifyFixture(t);
  });
  afterAll(() => t.close());

  describe('POST /workflows/preview', () => {
    it('renders every channel step with the sample payload, helpers and subscriber', async () => {
      const response = await platform('POST', '/workflows/preview', {
        payload: { title: 'Tank <low>', count: 2, url: 'https://example.com/t/1' },
        subscriber: { firstName: 'ravi' },
        steps: [
          {
            type: 'in_app',
            content: '<b>{{title}}</b> for {{titlecase subscriber.firstName}}',
            cta: {
              data: { url: '{{url}}' },
              action: {
                buttons: [{ type: 'primary', content: 'Open {{count}}', url: 'javascript:alert(1)' }],
              },
            },
          },
          { type: 'delay', metadata: { amount: 5, unit: 'minutes' } },
          {
            type: 'email',
            subject: '{{uppercase title}}',
            content: '<p>{{pluralize count "tank" "tanks"}}</p>',
          },
          { type: 'sms', content: '{{title}} ({{payload.count}})' },
        ],
      });
      expect(response.statusCode).toBe(200);
      const steps = response.json().data.steps;
      expect(steps[0]).toMatchObject({
        index: 0,
        type: 'in_app',
        rendered: true,
        // HTML content escapes payload values; the button URL's script scheme is dropped.
        content: '<b>Tank &lt;low&gt;</b> for Ravi',
        cta: {
          url: 'https://example.com/t/1',
          buttons: [{ type: 'primary', content: 'Open 2', url: '' }],
        },
      });
      expect(steps[1]).toMatchObject({ index: 1, type: 'delay', rendered: false, content: '' });
      expect(steps[2]).toMatchObject({ subject: 'TANK <LOW>', content: '<p>tanks</p>' });
      // Text channels insert values as they are.
      expect(steps[3]).toMatchObject({ content: 'Tank <low> (2)' });
    });

    it('answers 400 naming the step field of a template that does not compile', async () => {
      const response = await platform('POST', '/workflows/preview', {
        payload: {},
        steps: [
          { type: 'in_app', content: 'fine' },
          { type: 'chat', content: 'Hello {{#if name}}there' },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().details[0].path).toBe('steps.1.content');
      expect(response.json().message).toContain('steps.1.content');
    });

    it('is for admins only', async () => {
      const member = await createSignedInUser(t.database.db, {
        organizationId: f.organization.id,
        role: 'member',
      });
      const body = { steps: [{ type: 'in_app', content: 'x' }] };
      expect((await platform('POST', '/workflows/preview', body, member.headers)).statusCode).toBe(403);
      expect((await platform('POST', '/workflows/preview', body, {})).statusCode).toBe(401);
    });
  });

  describe('activity', () => {
    it('lists triggers newest first with counts, pages by cursor, and opens one with jobs and details', async () => {
      await f.v1('POST', '/v1/subscribers', { subscriberId: 'act-1', email: 'act-1@example.com' });
      for (const n of [1, 2, 3]) {
        const response = await triggerAndWait(t, f, {
          name: 'system-announcement',
          to: 'act-1',
          payload: { title: `Notice ${n}` },
          transactionId: `act-tx-${n}`,
        });
        expect(response.statusCode).toBe(201);
      }

      const first = await platform('GET', '/activity?limit=2');
      expect(first.statusCode).toBe(200);
      const page1 = first.json();
      expect(page1.data.map((e: { transactionId: string }) => e.transactionId)).toEqual([
        'act-tx-3',
        'act-tx-2',
      ]);
      expect(page1.hasMore).toBe(true);
      expect(page1.data[0]).toMatchObject({
        triggerIdentifier: 'system-announcement',
        notifications: 1,
        jobs: { completed: 1 },
        errors: 0,
      });
      const page2 = (await platform('GET', `/activity?limit=2&cursor=${page1.nextCursor}`)).json();
      expect(page2.data.map((e: { transactionId: string }) => e.transactionId)).toEqual(['act-tx-1']);
      expect(page2.hasMore).toBe(false);
      expect((await platform('GET', '/activity?cursor=zzz')).statusCode).toBe(400);

      const detail = await platform('GET', `/activity/${page1.data[0]._id}`);
      expect(detail.statusCode).toBe(200);
      const event = detail.json().data;
      expect(event).toMatchObject({
        transactionId: 'act-tx-3',
        payload: { title: 'Notice 3' },
        jobs: [{ subscriberId: 'act-1', type: 'in_app', status: 'completed', stepIndex: 0 }],
      });
      const codes = event.executionDetails.map((d: { code: number; group: string }) => [d.code, d.group]);
      expect(codes).toContainEqual([1007, 'success']);
      expect(
        event.executionDetails.every((d: { transactionId: string }) => d.transactionId === 'act-tx-3'),
      ).toBe(true);
    });

    it("never shows another organisation's triggers", async () => {
      const mine = (await platform('GET', '/activity?limit=1')).json().data[0]._id;
      expect((await platform('GET', `/activity/${mine}`, undefined, other.admin.headers)).statusCode).toBe(
        404,
      );
      const theirs = (await platform('GET', '/activity', undefined, other.admin.headers)).json();
      expect(theirs.data.map((e: { _id: string }) => e._id)).not.toContain(mine);
    });
  });

  describe('subscribers', () => {
    it('finds subscribers by id prefix or email, within the environment', async () => {
      await f.v1('POST', '/v1/subscribers', { subscriberId: 'pump-operator-7', email: 'Seven@Fuel.example' });
      await f.v1('POST', '/v1/subscribers', { subscriberId: 'cashier-2', email: 'two@fuel.example' });
      await other.v1('POST', '/v1/subscribers', { subscriberId: 'pump-operator-9' });
      const ids = async (q: string) =>
        (await platform('GET', `/subscriber-search?q=${encodeURIComponent(q)}`))
          .json()
          .data.map((s: { subscriberId: string }) => s.subscriberId);
      expect(await ids('pump-op')).toEqual(['pump-operator-7']);
      expect(await ids('seven@fuel')).toEqual(['pump-operator-7']);
      expect(await ids('%')).toContain('cashier-2');
      expect(await ids('nobody-here')).toEqual([]);
    });

    it("shows a subscriber's preferences as their inbox does; 404 for an unknown one", async () => {
      const response = await platform('GET', '/subscribers/act-1/preferences');
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.global).toMatchObject({ enabled: true, channels: { in_app: true } });
      expect(data.workflows).toContainEqual(
        expect.objectContaining({
          template: expect.objectContaining({ name: 'System announcement' }),
          preference: expect.objectContaining({ enabled: true, channels: { in_app: true } }),
        }),
      );
      expect((await platform('GET', '/subscribers/nobody/preferences')).statusCode).toBe(404);
    });
  });
});
