import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createMembership, createSignedInUser, createUser } from '../../test/factories';
import { ORGANIZATION_TOPIC_KEY } from './announcements';
import { createNotifyFixture, type NotifyFixture } from './testing';

const URL = '/api/platform/notifications/announcements';

describe('organisation announcements (POST /api/platform/notifications/announcements)', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let other: NotifyFixture;
  let members: { id: number }[];
  let disabled: { id: number };
  let disabledMembership: { id: number };
  let invited: { id: number };
  let member: Awaited<ReturnType<typeof createSignedInUser>>;

  const announce = (body: unknown, headers = f.admin.headers) =>
    t.app.inject({ method: 'POST', url: URL, headers, payload: body as object });
  /** In-app messages of a user (subscriber id = user id) with this transaction id. */
  const received = async (fixture: NotifyFixture, userId: number, transactionId: string) =>
    (
      await fixture.v1('GET', `/v1/messages?subscriberId=${userId}&transactionId=${transactionId}&limit=100`)
    ).json().data as { content: string; cta: { data: { url?: string } } }[];

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    other = await createNotifyFixture(t);
    const db = t.database.db;
    member = await createSignedInUser(db, { organizationId: f.organization.id, role: 'member' });
    members = [f.admin.user, member.user];
    for (let i = 0; i < 3; i += 1) {
      const user = await createUser(db);
      await createMembership(db, { organizationId: f.organization.id, userId: user.id });
      members.push(user);
    }
    disabled = await createUser(db);
    disabledMembership = await createMembership(db, {
      organizationId: f.organization.id,
      userId: disabled.id,
    });
    invited = await createUser(db);
    await createMembership(db, { organizationId: f.organization.id, userId: invited.id, status: 'invited' });
  });
  afterAll(() => t.close());

  it('every active member gets exactly one in-app message; disabled, invited and other organisations none', async () => {
    // Disabled through the members API, like an admin would.
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/members/${disabledMembership.id}/disable`,
      headers: f.admin.headers,
    });
    expect(off.statusCode).toBe(200);
    const response = await announce({
      title: 'Monsoon drill',
      body: 'Saturday 10:00 at every forecourt',
      ctaUrl: '/incidents',
      audience: 'organization',
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      acknowledged: true,
      status: 'processed',
      topicKey: ORGANIZATION_TOPIC_KEY,
      recipients: members.length,
    });
    await t.app.notify.queue.drain();
    for (const user of members) {
      const messages = await received(f, user.id, data.transactionId);
      expect(messages).toHaveLength(1);
      expect(messages[0]?.content).toContain('Monsoon drill');
      expect(messages[0]?.content).toContain('Saturday 10:00 at every forecourt');
      expect(messages[0]?.cta.data.url).toBe('/incidents');
    }
    expect(await received(f, disabled.id, data.transactionId)).toHaveLength(0);
    expect(await received(f, invited.id, data.transactionId)).toHaveLength(0);
    const all = await f.v1('GET', `/v1/messages?transactionId=${data.transactionId}&limit=100`);
    expect(all.json().totalCount).toBe(members.length);
    const foreign = await other.v1('GET', `/v1/messages?transactionId=${data.transactionId}&limit=100`);
    expect(foreign.json().data).toHaveLength(0);
  });

  it('the topic follows the members: re-enabled members are back, disabled ones out', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/api/members/${disabledMembership.id}/enable`,
      headers: f.admin.headers,
    });
    const response = await announce({ title: 'Welcome back', audience: 'organization' });
    expect(response.json().data.recipients).toBe(members.length + 1);
    await t.app.notify.queue.drain();
    expect(await received(f, disabled.id, response.json().data.transactionId)).toHaveLength(1);
    const topic = await f.v1('GET', `/v1/topics/${ORGANIZATION_TOPIC_KEY}`);
    expect((topic.json().data.subscribers as string[]).sort()).toEqual(
      [...members, disabled].map((user) => String(user.id)).sort(),
    );
  });

  it('to one member; other organisations’ users are 404, a disabled member 409', async () => {
    const response = await announce({
      title: 'Your card batch is ready',
      audience: { userId: member.user.id },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.recipients).toBe(1);
    await t.app.notify.queue.drain();
    const transactionId = response.json().data.transactionId;
    expect(await received(f, member.user.id, transactionId)).toHaveLength(1);
    expect(
      (await f.v1('GET', `/v1/messages?transactionId=${transactionId}&limit=100`)).json().totalCount,
    ).toBe(1);

    const foreign = await announce({ title: 'x', audience: { userId: other.admin.user.id } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');

    await t.app.inject({
      method: 'POST',
      url: `/api/members/${disabledMembership.id}/disable`,
      headers: f.admin.headers,
    });
    const refused = await announce({ title: 'x', audience: { userId: disabled.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CONFLICT');
  });

  it('bad input is a 400 VALIDATION_FAILED; members (no notifications:c) get 403', async () => {
    for (const body of [
      {},
      { title: '', audience: 'organization' },
      { title: 'x', audience: 'everyone' },
      { title: 'x', audience: { userId: 'one' } },
      { title: 'x', ctaUrl: 'javascript:alert(1)', audience: 'organization' },
    ]) {
      const response = await announce(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const forbidden = await announce({ title: 'x', audience: 'organization' }, member.headers);
    expect(forbidden.statusCode).toBe(403);
  });
});
