import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createMembership, createOrganization, createUser, TEST_PASSWORD } from '../../test/factories';
import { EMAIL_TOKEN_TTL } from './email-tokens.repository';
import { bearerOf, outboxFor, tokenFromMail } from './testing';

const NEW_PASSWORD = 'diesel-canopy-sunrise-7';

describe('password reset', () => {
  let t: TestApp;
  let organizationId: number;
  const request = (email: string, ip = '10.3.0.1') =>
    t.app.inject({ method: 'PUT', url: '/api/auth/password/reset', payload: { email }, remoteAddress: ip });
  const confirm = (token: string, password = NEW_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      headers: bearerOf(token),
      payload: { password },
    });
  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: '10.9.9.9',
    });
  const resetToken = async (email: string) => {
    await t.app.backgroundTasks.drain();
    const mails = (await outboxFor(t.database.db, email)).filter((m) => m.subject.startsWith('Reset'));
    return tokenFromMail(mails.at(-1)?.textBody ?? '', '/reset-password');
  };

  beforeAll(async () => {
    t = await createTestApp();
    organizationId = (await createOrganization(t.database.db)).id;
  });
  afterAll(() => t.close());

  it('answers 202 reset_sent identically for known and unknown emails; only the known one gets mail', async () => {
    const user = await createUser(t.database.db, { email: 'known@example.test' });
    await createMembership(t.database.db, { organizationId, userId: user.id });
    const known = await request('known@example.test');
    const unknown = await request('nobody@example.test');
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual({ status: 'reset_sent' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await t.app.backgroundTasks.drain();
    expect(await outboxFor(t.database.db, 'nobody@example.test')).toHaveLength(0);
    const [mail] = await outboxFor(t.database.db, 'known@example.test');
    expect(mail?.subject).toBe('Reset your Forecourt password');
    expect(mail?.organizationId).toBe(organizationId);
    expect(mail?.textBody).toContain('http://localhost:8080/reset-password?token=');
  });

  it('sets the new password, revokes every session, spends the token and sends a notice', async () => {
    await createUser(t.database.db, { email: 'reset@example.test' });
    const session = await login('reset@example.test', TEST_PASSWORD);
    expect(session.statusCode).toBe(200);
    const { access_token, refresh_token } = session.json();
    await request('reset@example.test');
    const token = await resetToken('reset@example.test');

    const response = await confirm(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'password_changed' });

    const extend = await t.app.inject({ method: 'PUT', url: '/api/auth/extend', payload: { refresh_token } });
    expect(extend.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearerOf(access_token) });
    expect(me.statusCode).toBe(401);
    expect((await login('reset@example.test', TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('reset@example.test', NEW_PASSWORD)).statusCode).toBe(200);

    const again = await confirm(token, 'another-fine-password-9');
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_TOKEN');

    await t.app.backgroundTasks.drain();
    const subjects = (await outboxFor(t.database.db, 'reset@example.test')).map((m) => m.subject);
    expect(subjects).toEqual(['Reset your Forecourt password', 'Your Forecourt password was changed']);
    const audit = await t.database.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('action', '=', 'user.password_reset')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('rejects a weak password with 400 WEAK_PASSWORD and keeps the token usable', async () => {
    await createUser(t.database.db, { email: 'weak-reset@example.test', firstName: 'Anil' });
    await request('weak-reset@example.test');
    const token = await resetToken('weak-reset@example.test');
    const weak = await confirm(token, 'password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('WEAK_PASSWORD');
    const own = await confirm(token, 'weak-reset@example.test');
    expect(own.json().code).toBe('WEAK_PASSWORD');
    const short = await confirm(token, 'short');
    expect(short.json().code).toBe('VALIDATION_FAILED');
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('expires reset links after 30 minutes', async () => {
    await createUser(t.database.db, { email: 'slow@example.test' });
    await request('slow@example.test');
    const token = await resetToken('slow@example.test');
    t.clock.advance(EMAIL_TOKEN_TTL.reset_password - 1);
    await request('slow-other@example.test');
    t.clock.advance(1);
    const response = await confirm(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });

  it('a newer reset link makes the older one stop working', async () => {
    await createUser(t.database.db, { email: 'twice@example.test' });
    await request('twice@example.test');
    const older = await resetToken('twice@example.test');
    await request('twice@example.test');
    const newer = await resetToken('twice@example.test');
    expect(newer).not.toBe(older);
    expect((await confirm(older)).statusCode).toBe(401);
    expect((await confirm(newer)).statusCode).toBe(200);
  });

  it('sends no link to a disabled account, and refuses tokens of any other kind', async () => {
    await createUser(t.database.db, { email: 'off@example.test', disabled: true });
    await request('off@example.test');
    await t.app.backgroundTasks.drain();
    expect(await outboxFor(t.database.db, 'off@example.test')).toHaveLength(0);

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '10.4.0.1',
      payload: { email: 'kinds@example.test', password: NEW_PASSWORD, firstName: 'K', lastName: 'L' },
    });
    await t.app.backgroundTasks.drain();
    const [verification] = await outboxFor(t.database.db, 'kinds@example.test');
    const verifyToken = tokenFromMail(verification?.textBody ?? '', '/verify-email');
    expect((await confirm(verifyToken)).statusCode).toBe(401);
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { password: NEW_PASSWORD },
    });
    expect(noHeader.statusCode).toBe(401);
  });

  it('limits reset mails per account, not requests, and strangers cannot block the owner’s reset', async () => {
    const user = await createUser(t.database.db, { email: 'flood-reset@example.test' });
    await createMembership(t.database.db, { organizationId, userId: user.id });
    // The owner signed in from this browser before: it holds the known-device cookie.
    const signedIn = await login('flood-reset@example.test', TEST_PASSWORD);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^forecourt_device=/);
    const resetMails = async () => {
      await t.app.backgroundTasks.drain();
      return (await outboxFor(t.database.db, 'flood-reset@example.test')).filter((m) =>
        m.subject.startsWith('Reset'),
      );
    };

    // Strangers ask seven times from seven addresses: every answer is 202, five mails go out.
    const byStrangers: number[] = [];
    for (let i = 0; i < 7; i++)
      byStrangers.push((await request('flood-reset@example.test', `10.5.0.${i}`)).statusCode);
    expect(byStrangers).toEqual([202, 202, 202, 202, 202, 202, 202]);
    expect(await resetMails()).toHaveLength(5);
    // Past the budget no new link is issued, so the last one mailed still works…
    const lastMailed = await resetToken('flood-reset@example.test');
    // …and the owner asking from their own browser gets a fresh mail anyway.
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password/reset',
      payload: { email: 'flood-reset@example.test' },
      remoteAddress: '10.5.9.9',
      headers: { cookie },
    });
    expect(own.statusCode).toBe(202);
    expect(await resetMails()).toHaveLength(6);
    const fresh = await resetToken('flood-reset@example.test');
    expect(fresh).not.toBe(lastMailed);
    expect((await confirm(fresh)).statusCode).toBeLessThan(300);
    expect((await login('flood-reset@example.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('rate-limits reset requests per IP, known email or not', async () => {
    const byIp: number[] = [];
    for (let i = 0; i < 21; i++) byIp.push((await request(`r${i}@example.test`, '10.6.0.1')).statusCode);
    expect(byIp.at(-1)).toBe(429);
    const limited = await request('fresh-reset@example.test', '10.6.0.1');
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await t.app.backgroundTasks.drain();
  });
});
