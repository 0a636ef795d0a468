import { ORG_MISSING_HEADER } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createMembership, createOrganization, createUser, TEST_PASSWORD } from '../../test/factories';
import { authClient } from './test-helpers';

describe('POST /api/auth/login', () => {
  let t: TestApp;
  let client: ReturnType<typeof authClient>;
  let organizationId: number;

  beforeAll(async () => {
    // Throttling has its own tests (login-limits.test.ts); here it must not skew the timing test.
    t = await createTestApp({ auth: { loginLimits: { accountFailures: { max: 1000, windowMs: 60_000 } } } });
    client = authClient(t);
    organizationId = (await createOrganization(t.database.db)).id;
  });
  afterAll(() => t.close());

  it('signs a member in with a token pair whose access token carries the documented claims', async () => {
    const user = await createUser(t.database.db, { email: 'asha@example.test' });
    await createMembership(t.database.db, { organizationId, userId: user.id, role: 'member' });
    const response = await client.login('  Asha@Example.TEST ', TEST_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token']);
    expect(response.headers[ORG_MISSING_HEADER]).toBeUndefined();
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [header, payload] = body.access_token
      .split('.')
      .slice(0, 2)
      .map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    expect(payload).toMatchObject({
      sub: String(user.id),
      org: organizationId,
      iss: 'forecourt',
      aud: 'forecourt-api',
    });
    expect(payload.scope).toContain('stations:r');
    expect(payload.scope).not.toContain('members:');
    expect(payload.exp - payload.iat).toBe(15 * 60);
    expect(payload.iat).toBe(Math.floor(t.clock.now() / 1000));
  });

  it('sends a user without an organisation to organisation signup', async () => {
    await createUser(t.database.db, { email: 'loner@example.test' });
    const response = await client.login('loner@example.test', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.headers[ORG_MISSING_HEADER]).toBe('true');
    expect(response.json().redirect_url).toBe('/signup/organization');
    const payload = JSON.parse(
      Buffer.from(response.json().access_token.split('.')[1], 'base64url').toString(),
    );
    expect(payload.org).toBeUndefined();
    expect(payload.scope).toBe('');
  });

  it('answers an unknown email and a wrong password identically', async () => {
    await createUser(t.database.db, { email: 'known@example.test' });
    const wrong = await client.login('known@example.test', 'not-the-password', '198.51.100.1');
    const unknown = await client.login('nobody@example.test', 'not-the-password', '198.51.100.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'The email or password is not correct',
    });
    const headerNames = (r: typeof wrong) =>
      Object.keys(r.headers)
        .filter((h) => h !== 'date')
        .sort();
    expect(headerNames(wrong)).toEqual(headerNames(unknown));
  });

  it('spends about the same time on an unknown email as on a wrong password', async () => {
    await createUser(t.database.db, { email: 'timed@example.test' });
    // Known and unknown attempts alternate, so a burst of load on a busy machine slows both alike.
    const samples = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 15; i++) {
      for (const [kind, email] of [
        ['known', 'timed@example.test'],
        ['unknown', 'ghost@example.test'],
      ] as const) {
        const started = performance.now();
        await client.login(email, `wrong-${i}`, `192.0.2.${i + 1}`);
        samples[kind].push(performance.now() - started);
      }
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[7]!;
    const known = median(samples.known);
    const unknown = median(samples.unknown);
    // Both run one argon2id verification (~10-20 ms); without the dummy hash, unknown would be
    // ~0.5 ms, a ratio near 0.03: a bound of a quarter still catches that, with room for noise.
    expect(unknown).toBeGreaterThan(known * 0.25);
    expect(known).toBeGreaterThan(unknown * 0.25);
  });

  it('rejects an account without a password like a wrong password', async () => {
    const user = await createUser(t.database.db, { email: 'staff@example.test' });
    await t.database.db.updateTable('users').set({ passwordHash: null }).where('id', '=', user.id).execute();
    const response = await client.login('staff@example.test', TEST_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('reports a disabled account only after the right password', async () => {
    await createUser(t.database.db, { email: 'gone@example.test', disabled: true });
    const wrong = await client.login('gone@example.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const right = await client.login('gone@example.test', TEST_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('validates the body: 400 for a bad shape, 413 beyond 4 KiB, 415 for other media types', async () => {
    for (const payload of [
      {},
      { email: 'not-an-email', password: 'x' },
      { email: 'a@b.test', password: '' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.test', password: 'x'.repeat(5000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.test&password=x',
    });
    expect(form.statusCode).toBe(415);
  });

  it('takes passwords exactly as typed: no trimming, no case folding, long and Unicode ones work', async () => {
    const password = ` Pässwörd ⛽ ${'z'.repeat(100)} `;
    await createUser(t.database.db, { email: 'exact@example.test', password });
    expect((await client.login('exact@example.test', password)).statusCode).toBe(200);
    expect((await client.login('exact@example.test', password.trim())).statusCode).toBe(401);
    expect((await client.login('exact@example.test', password.toUpperCase())).statusCode).toBe(401);
  });

  it('upgrades a hash made with weaker parameters on the next sign-in', async () => {
    const user = await createUser(t.database.db, { email: 'old@example.test' });
    const { hash } = await import('@node-rs/argon2');
    const weak = await hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 8192, timeCost: 1, parallelism: 1 });
    await t.database.db.updateTable('users').set({ passwordHash: weak }).where('id', '=', user.id).execute();
    expect((await client.login('old@example.test', TEST_PASSWORD)).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
