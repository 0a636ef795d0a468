import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createUser } from '../../test/factories';
import { EMAIL_TOKEN_TTL } from './email-tokens.repository';
import { bearerOf, outboxFor, tokenFromMail } from './testing';

const PASSWORD = 'pump-island-monsoon-42';

describe('self-service signup and email verification', () => {
  let t: TestApp;
  const signup = (body: Record<string, unknown>, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress: ip });
  const person = (email: string) => ({ email, password: PASSWORD, firstName: 'Meera', lastName: 'Iyer' });
  const verify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/email/verify', headers: bearerOf(token) });
  const userByEmail = (email: string) =>
    t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 202 verification_sent, creates an unverified user and mails a verification link', async () => {
    const response = await signup(person('Meera.Iyer@Example.test'));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'verification_sent' });
    await t.app.backgroundTasks.drain();
    const user = await userByEmail('meera.iyer@example.test');
    expect(user).toMatchObject({ firstName: 'Meera', lastName: 'Iyer', emailVerifiedAt: null });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [mail, ...others] = await outboxFor(t.database.db, 'meera.iyer@example.test');
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe('Confirm your email address');
    expect(mail?.htmlBody).toContain('http://localhost:8080/verify-email?token=');
    const token = tokenFromMail(mail?.textBody ?? '', '/verify-email');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await t.database.db.selectFrom('emailTokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('is enumeration safe: a taken email gets the same status and body, and a notice mail', async () => {
    const existing = await createUser(t.database.db, { email: 'taken@example.test', firstName: 'Kabir' });
    const fresh = await signup(person('fresh@example.test'));
    const taken = await signup(person('taken@example.test'));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    await t.app.backgroundTasks.drain();
    const [notice] = await outboxFor(t.database.db, 'taken@example.test');
    expect(notice?.subject).toBe('You already have a Forecourt account');
    expect(notice?.textBody).toContain('Hello Kabir');
    expect(notice?.textBody).not.toContain('token=');
    const unchanged = await userByEmail('taken@example.test');
    expect(unchanged?.passwordHash).toBe(existing.passwordHash);
  });

  it('rejects a weak password with 400 WEAK_PASSWORD and creates nothing', async () => {
    for (const password of ['password123', 'weak@example.test', 'qwertyuiop']) {
      const response = await signup({ ...person('weak@example.test'), password });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('WEAK_PASSWORD');
    }
    await t.app.backgroundTasks.drain();
    expect(await userByEmail('weak@example.test')).toBeUndefined();
  });

  it('validates the payload (400 VALIDATION_FAILED)', async () => {
    const short = await signup({ ...person('short@example.test'), password: 'short' });
    expect(short.json().code).toBe('VALIDATION_FAILED');
    const noName = await signup({ email: 'x@example.test', password: PASSWORD, lastName: 'X' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().details[0].path).toBe('firstName');
    const badEmail = await signup(person('not-an-email'));
    expect(badEmail.json().code).toBe('VALIDATION_FAILED');
  });

  it('verifies the email once: 200 then 401 INVALID_TOKEN', async () => {
    await signup(person('verify-me@example.test'));
    await t.app.backgroundTasks.drain();
    const [mail] = await outboxFor(t.database.db, 'verify-me@example.test');
    const token = tokenFromMail(mail?.textBody ?? '', '/verify-email');
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { verified: true }, status: 'verified' });
    expect((await userByEmail('verify-me@example.test'))?.emailVerifiedAt).toBe(t.clock.now());
    const again = await verify(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it('accepts an empty JSON body on verify, and rejects missing, malformed and unknown tokens', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      headers: { ...bearerOf('A'.repeat(43)), 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(401);
    expect(empty.json().code).toBe('INVALID_TOKEN');
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/email/verify' });
    expect(none.json().code).toBe('UNAUTHENTICATED');
    const malformed = await verify('not a token!');
    expect(malformed.json().code).toBe('INVALID_TOKEN');
  });

  it('expires verification links after 24 hours', async () => {
    await signup(person('late@example.test'));
    await t.app.backgroundTasks.drain();
    const [mail] = await outboxFor(t.database.db, 'late@example.test');
    const token = tokenFromMail(mail?.textBody ?? '', '/verify-email');
    t.clock.advance(EMAIL_TOKEN_TTL.verify_email);
    const response = await verify(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });

  it('retry-verification mails a new link and the older one stops working', async () => {
    await signup(person('retry@example.test'), '10.0.0.2');
    await t.app.backgroundTasks.drain();
    const [first] = await outboxFor(t.database.db, 'retry@example.test');
    const oldToken = tokenFromMail(first?.textBody ?? '', '/verify-email');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'retry@example.test', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const headers = bearerOf(login.json().access_token);
    const retry = await t.app.inject({ method: 'POST', url: '/api/auth/email/retry-verification', headers });
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toEqual({ status: 'verification_sent' });
    await t.app.backgroundTasks.drain();
    const mails = await outboxFor(t.database.db, 'retry@example.test');
    expect(mails).toHaveLength(2);
    const newToken = tokenFromMail(mails[1]?.textBody ?? '', '/verify-email');
    expect((await verify(oldToken)).statusCode).toBe(401);
    expect((await verify(newToken)).statusCode).toBe(200);
    // Verified: another retry answers the same and sends nothing.
    const after = await t.app.inject({ method: 'POST', url: '/api/auth/email/retry-verification', headers });
    expect(after.statusCode).toBe(202);
    await t.app.backgroundTasks.drain();
    expect(await outboxFor(t.database.db, 'retry@example.test')).toHaveLength(2);
  });

  it('retry-verification needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/email/retry-verification' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('rate-limits signups per email and per IP with 429 and retry-after', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await signup(person('flood@example.test'), `10.1.0.${i}`)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = await signup(person('flood@example.test'), '10.1.0.9');
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const fromOneIp: number[] = [];
    for (let i = 0; i < 21; i++)
      fromOneIp.push((await signup(person(`ip${i}@example.test`), '10.2.0.1')).statusCode);
    expect(fromOneIp.slice(0, 20).every((status) => status === 202)).toBe(true);
    expect(fromOneIp[20]).toBe(429);

    t.clock.advance(60 * 60 * 1000);
    expect((await signup(person('flood@example.test'), '10.2.0.1')).statusCode).toBe(202);
    await t.app.backgroundTasks.drain();
  });
});
