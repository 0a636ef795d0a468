import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser } from '../../test/factories';
import { insertOutboxMessage } from './outbox.repository';

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;

describe('GET /api/outbox', () => {
  let t: TestApp;
  let admin: Signed;
  let member: Signed;
  let colleague: Signed;
  let foreignAdmin: Signed;
  let loner: Signed;
  let org: { id: number };

  const get = (url: string, who?: Signed) =>
    t.app.inject({ method: 'GET', url, headers: who ? who.headers : {} });
  const ids = async (who: Signed) =>
    (await get('/api/outbox?limit=200', who)).json().results.map((m: { subject: string }) => m.subject);
  const mail = (to: string, subject: string, organizationId: number | null, createdAt = t.clock.now()) =>
    insertOutboxMessage(t.database.db, {
      recipient: to,
      subject,
      textBody: `${subject} text`,
      htmlBody: `<p>${subject}</p>`,
      organizationId,
      createdAt,
    });

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrganization(t.database.db);
    const otherOrg = await createOrganization(t.database.db);
    admin = await createSignedInUser(t.database.db, { organizationId: org.id, role: 'admin' });
    member = await createSignedInUser(t.database.db, { organizationId: org.id, role: 'member' });
    colleague = await createSignedInUser(t.database.db, { organizationId: org.id, role: 'member' });
    foreignAdmin = await createSignedInUser(t.database.db, { organizationId: otherOrg.id, role: 'admin' });
    loner = await createSignedInUser(t.database.db);
    const now = t.clock.now();
    await mail(member.user.email, 'for member', org.id, now - 3000);
    await mail('invitee@outbox.test', 'for invitee', org.id, now - 2000);
    await mail(foreignAdmin.user.email, 'for foreign admin', otherOrg.id, now - 1000);
    await mail(loner.user.email, 'for loner', null, now);
  });
  afterAll(() => t.close());

  it('shows a member their own mail only', async () => {
    expect(await ids(member)).toEqual(['for member']);
    expect(await ids(colleague)).toEqual([]);
    expect(await ids(loner)).toEqual(['for loner']);
  });

  it('shows admins (outbox:r) their organisation’s mail too, newest first', async () => {
    expect(await ids(admin)).toEqual(['for invitee', 'for member']);
    expect(await ids(foreignAdmin)).toEqual(['for foreign admin']);
  });

  it('answers one message with its fields, and 404 for anything the caller may not read', async () => {
    const list = (await get('/api/outbox', admin)).json();
    expect(list).toMatchObject({ count: 2, pages: 1 });
    const seenByAdmin = list.results[1];
    // The admin sees that the member was mailed, not the body (it may hold the member's link).
    expect(seenByAdmin).toEqual({
      id: expect.any(Number),
      to: member.user.email,
      subject: 'for member',
      text: expect.stringContaining('Only the recipient can read this message'),
      html: expect.stringContaining('Only the recipient can read this message'),
      bodyHidden: true,
      createdAt: new Date(t.clock.now() - 3000).toISOString(),
    });
    const message = {
      id: seenByAdmin.id,
      to: member.user.email,
      subject: 'for member',
      text: 'for member text',
      html: '<p>for member</p>',
      createdAt: new Date(t.clock.now() - 3000).toISOString(),
    };
    expect((await get(`/api/outbox/${message.id}`, admin)).json()).toEqual(seenByAdmin);
    expect((await get(`/api/outbox/${message.id}`, member)).json()).toEqual(message);
    for (const who of [foreignAdmin, colleague, loner]) {
      const response = await get(`/api/outbox/${message.id}`, who);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await get('/api/outbox/99999', admin)).statusCode).toBe(404);
  });

  it('pages 20 at a time and needs a signed-in caller', async () => {
    for (let i = 0; i < 25; i++) await mail(loner.user.email, `bulk ${i}`, null, t.clock.now() + i + 1);
    const first = (await get('/api/outbox', loner)).json();
    expect(first).toMatchObject({ count: 26, pages: 2 });
    expect(first.results).toHaveLength(20);
    expect(first.results[0].subject).toBe('bulk 24');
    const second = (await get('/api/outbox?page=1', loner)).json();
    expect(second.results.at(-1).subject).toBe('for loner');
    expect((await get('/api/outbox')).statusCode).toBe(401);
    expect((await get('/api/outbox?limit=0', loner)).json().code).toBe('VALIDATION_FAILED');
  });
});
