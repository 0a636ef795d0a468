import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { addressKey } from './login-limiter';
import { authClient } from './test-helpers';

describe('login rate limits', () => {
  let t: TestApp;
  let client: ReturnType<typeof authClient>;
  const attackerIp = (n: number) => `198.51.100.${n}`;

  beforeAll(async () => {
    t = await createTestApp();
    client = authClient(t);
  });
  afterAll(() => t.close());

  it('per account and IP: 5 failures, then an exponentially growing wait with retry-after', async () => {
    const user = await createUser(t.database.db);
    const ip = '192.0.2.10';
    for (let i = 0; i < 5; i++)
      expect((await client.login(user.email, 'wrong-password', ip)).statusCode).toBe(401);
    const blocked = await client.login(user.email, TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(blocked.headers['retry-after']).toBe('30');

    t.clock.advance(30_000);
    expect((await client.login(user.email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await client.login(user.email, TEST_PASSWORD, ip)).headers['retry-after']).toBe('60');
    t.clock.advance(60_000);
    expect(
      (await client.login(user.email, TEST_PASSWORD, ip)).statusCode,
      'the right password after waiting',
    ).toBe(200);
    expect((await client.login(user.email, 'wrong-password', ip)).statusCode, 'success resets the pair').toBe(
      401,
    );
  });

  it('an attack from many IPs cannot lock out the real user on a new network from a browser they used', async () => {
    const user = await createUser(t.database.db);
    // The owner signed in once at the office: the browser keeps the known-device cookie.
    const office = await client.login(user.email, TEST_PASSWORD, '192.0.2.30');
    expect(office.statusCode).toBe(200);
    const setCookie = String(office.headers['set-cookie']);
    expect(setCookie).toMatch(/^forecourt_device=[A-Za-z0-9_-]{22};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/auth');
    const cookie = setCookie.split(';')[0] ?? '';

    for (let n = 100; n < 115; n++) await client.login(user.email, `guess-${n}`, attackerIp(n));
    const loginWith = (ip: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
        remoteAddress: ip,
        headers,
      });
    // From a café the owner never used: a stranger's browser is throttled, the owner's is not.
    expect((await loginWith('203.0.113.77')).statusCode, 'no cookie, new network').toBe(429);
    expect(
      (await loginWith('203.0.113.78', { cookie: 'forecourt_device=AAAAAAAAAAAAAAAAAAAAAA' })).statusCode,
    ).toBe(429);
    const owner = await loginWith('203.0.113.79', { cookie: `theme=dark; ${cookie}` });
    expect(owner.statusCode, 'the owner’s browser on a new network').toBe(200);
    // Guesses sent with a known device's cookie still count per (account, address).
    for (let i = 0; i < 5; i++) {
      const guess = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'wrong-again' },
        remoteAddress: '203.0.113.80',
        headers: { cookie },
      });
      expect(guess.statusCode).toBe(401);
    }
    expect((await loginWith('203.0.113.80', { cookie })).statusCode).toBe(429);
  });

  it('an attack on one account from many IPs cannot lock out the real user on a known IP', async () => {
    const user = await createUser(t.database.db);
    const home = '192.0.2.20';
    expect((await client.login(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);

    const answers: number[] = [];
    for (let n = 1; n <= 40; n++)
      answers.push((await client.login(user.email, `guess-${n}`, attackerIp(n))).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(
      answers.slice(10).every((s) => s === 429),
      'unknown IPs are throttled after 10 failures',
    ).toBe(true);
    expect(
      (await client.login(user.email, TEST_PASSWORD, attackerIp(99))).statusCode,
      'even the right password',
    ).toBe(429);

    const real = await client.login(user.email, TEST_PASSWORD, home);
    expect(real.statusCode, 'the real user still signs in from home').toBe(200);

    t.clock.advance(15 * 60_000);
    expect((await client.login(user.email, TEST_PASSWORD, '192.0.2.21')).statusCode, 'the window ends').toBe(
      200,
    );
  });

  it('per IP: 30 failures across accounts block that IP, not others', async () => {
    const ip = '192.0.2.30';
    for (let n = 0; n < 30; n++) {
      expect((await client.login(`victim-${n}@example.test`, 'password-guess', ip)).statusCode).toBe(401);
    }
    const user = await createUser(t.database.db);
    const blocked = await client.login(user.email, TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await client.login(user.email, TEST_PASSWORD, '192.0.2.31')).statusCode).toBe(200);
  });

  it('throttles unknown emails exactly like real ones, so 429 reveals nothing', async () => {
    const user = await createUser(t.database.db);
    const run = async (email: string, ip: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await client.login(email, 'wrong-password', ip)).statusCode);
      return statuses;
    };
    expect(await run(user.email, '192.0.2.40')).toEqual(await run('nobody-here@example.test', '192.0.2.41'));
  });

  it('counts a whole IPv6 /64 as one address and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
  });
});
