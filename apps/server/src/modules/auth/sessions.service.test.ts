import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembership, createOrganization, createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { verifyAccessToken } from './access-token';
import { configureAuth } from './auth-context';
import { claimRefreshToken, findRefreshToken, revokeFamily } from './sessions.repository';
import { hashToken, issueTokens, revokeAllSessions } from './sessions.service';

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('sessions service (the interface other modules use)', () => {
  let database: TestDb;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('generates the signing key once and shares it through the database (two processes agree)', async () => {
    const first = configureAuth(database.db);
    const firstKey = await first.signingKey();
    const stored = await database.db.selectFrom('appSecrets').select('value').execute();
    expect(stored).toHaveLength(1);
    expect(Buffer.from(stored[0]!.value, 'base64url').byteLength).toBe(32);
    expect(firstKey.extractable, 'the imported key cannot be read back').toBe(false);

    const user = await createUser(database.db);
    const { access_token } = await issueTokens(database.db, user.id);
    const second = configureAuth(database.db);
    const secondKey = await second.signingKey();
    expect(await verifyAccessToken(secondKey, access_token, Date.now())).toMatchObject({ userId: user.id });
    expect(await database.db.selectFrom('appSecrets').select('value').execute()).toEqual(stored);
  });

  it('refuses an AUTH_SECRET shorter than 32 bytes', () => {
    expect(() => configureAuth(database.db, { secret: 'too-short' })).toThrow(/at least 32 bytes/);
    configureAuth(database.db);
  });

  it('issueTokens lands in the first active organisation, or the one asked for, or none', async () => {
    const user = await createUser(database.db);
    expect((await issueTokens(database.db, user.id)).organizationId).toBeNull();
    const a = await createOrganization(database.db);
    const b = await createOrganization(database.db);
    await createMembership(database.db, { organizationId: a.id, userId: user.id, role: 'member' });
    await createMembership(database.db, { organizationId: b.id, userId: user.id, role: 'admin' });
    const first = await issueTokens(database.db, user.id);
    expect(first.organizationId).toBe(a.id);
    expect(decode(first.access_token)).toMatchObject({ sub: String(user.id), org: a.id });
    const chosen = await issueTokens(database.db, user.id, { organizationId: b.id });
    expect(decode(chosen.access_token).scope).toContain('members:crud');
    await expect(issueTokens(database.db, 999_999)).rejects.toThrow(/does not exist/);
  });

  it('stores only the SHA-256 of refresh tokens', async () => {
    const user = await createUser(database.db);
    const { refresh_token } = await issueTokens(database.db, user.id);
    const rows = await database.db
      .selectFrom('refreshTokens')
      .selectAll()
      .where('userId', '=', user.id)
      .execute();
    expect(JSON.stringify(rows)).not.toContain(refresh_token);
    expect(rows[0]?.tokenHash).toBe(hashToken(refresh_token));
  });

  it('lets exactly one claim of a token win, and none of a revoked one', async () => {
    const user = await createUser(database.db);
    const { refresh_token } = await issueTokens(database.db, user.id);
    const row = (await findRefreshToken(database.db, hashToken(refresh_token)))!;
    const claims = await Promise.all(
      [1, 2, 3].map((n) => claimRefreshToken(database.db, row.id, n, Date.now())),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);

    const other = await issueTokens(database.db, user.id);
    const otherRow = (await findRefreshToken(database.db, hashToken(other.refresh_token)))!;
    await revokeFamily(database.db, otherRow.familyId, Date.now());
    expect(await claimRefreshToken(database.db, otherRow.id, 1, Date.now())).toBe(false);
  });

  it('revokeAllSessions revokes every family of the user and no one else’s', async () => {
    const user = await createUser(database.db);
    const bystander = await createUser(database.db);
    await issueTokens(database.db, user.id);
    await issueTokens(database.db, user.id);
    await issueTokens(database.db, bystander.id);
    await revokeAllSessions(database.db, user.id);
    const live = async (userId: number) =>
      (
        await database.db
          .selectFrom('refreshTokens')
          .select('id')
          .where('userId', '=', userId)
          .where('revokedAt', 'is', null)
          .execute()
      ).length;
    expect(await live(user.id)).toBe(0);
    expect(await live(bystander.id)).toBe(1);
    const cutoff = await database.db
      .selectFrom('sessionCutoffs')
      .select('tokensValidAfter')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(cutoff.tokensValidAfter).toBeGreaterThan(0);
  });
});
