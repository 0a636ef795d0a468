import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import {
  consumeEmailToken,
  EMAIL_TOKEN_TTL,
  type EmailTokenPurpose,
  findLiveEmailToken,
  issueEmailToken,
} from './email-tokens.repository';
import { hashSecretToken } from './tokens';

describe('email tokens', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let userId: number;
  let organizationId: number;
  const now = 1_700_000_000_000;

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = (await createUser(database.db, { email: 'tok@example.test' })).id;
    organizationId = (await createOrganization(database.db)).id;
  });
  afterAll(() => database.dispose());

  const issue = (purpose: EmailTokenPurpose, at = now) =>
    issueEmailToken(
      database.db,
      {
        purpose,
        email: 'tok@example.test',
        userId,
        organizationId: purpose === 'invitation' ? organizationId : null,
      },
      at,
    );

  it('are 256-bit random and stored only as their SHA-256', async () => {
    const token = await issue('verify_email');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.selectFrom('emailTokens').selectAll().execute();
    expect(rows.some((row) => row.tokenHash === hashSecretToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it.each(Object.keys(EMAIL_TOKEN_TTL) as EmailTokenPurpose[])(
    '%s: single use, even under concurrency',
    async (purpose) => {
      const token = await issue(purpose);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => consumeEmailToken(database.db, purpose, token, now + 1)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await consumeEmailToken(database.db, purpose, token, now + 2)).toBeUndefined();
    },
  );

  it.each(Object.keys(EMAIL_TOKEN_TTL) as EmailTokenPurpose[])(
    '%s: works until just before its TTL',
    async (purpose) => {
      const token = await issue(purpose);
      const ttl = EMAIL_TOKEN_TTL[purpose];
      expect(await findLiveEmailToken(database.db, purpose, token, now + ttl - 1)).toBeDefined();
      expect(await consumeEmailToken(database.db, purpose, token, now + ttl)).toBeUndefined();
      expect(await consumeEmailToken(database.db, purpose, token, now + ttl - 1)).toBeDefined();
    },
  );

  it('has the promised lifetimes', () => {
    expect(EMAIL_TOKEN_TTL.verify_email).toBeLessThanOrEqual(24 * 3_600_000);
    expect(EMAIL_TOKEN_TTL.reset_password).toBeLessThanOrEqual(30 * 60_000);
    expect(EMAIL_TOKEN_TTL.invitation).toBe(7 * 24 * 3_600_000);
  });

  it('a token of one purpose is no token of another', async () => {
    const token = await issue('reset_password');
    expect(await consumeEmailToken(database.db, 'verify_email', token, now)).toBeUndefined();
    expect(await consumeEmailToken(database.db, 'invitation', token, now)).toBeUndefined();
    expect(await consumeEmailToken(database.db, 'reset_password', token, now)).toBeDefined();
  });

  it('issuing a new one supersedes older unused ones of the same purpose only', async () => {
    const oldReset = await issue('reset_password');
    const verification = await issue('verify_email');
    const newReset = await issue('reset_password', now + 10);
    expect(await findLiveEmailToken(database.db, 'reset_password', oldReset, now + 11)).toBeUndefined();
    expect(await findLiveEmailToken(database.db, 'reset_password', newReset, now + 11)).toBeDefined();
    expect(await findLiveEmailToken(database.db, 'verify_email', verification, now + 11)).toBeDefined();
  });
});
