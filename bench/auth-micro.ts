import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { authenticateFromCache } from '../apps/server/src/modules/auth/access-control';
import { signAccessToken, verifyAccessToken } from '../apps/server/src/modules/auth/access-token';
import { configureAuth } from '../apps/server/src/modules/auth/auth-context';
import { issueTokens } from '../apps/server/src/modules/auth/sessions.service';
import { createMembership, createOrganization, createUser } from '../apps/server/src/test/factories';

/** Nanoseconds per call of `fn`, after a warm-up. */
async function time(iterations: number, fn: () => unknown): Promise<number> {
  for (let i = 0; i < iterations / 10; i++) await fn();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await fn();
  return ((performance.now() - started) * 1e6) / iterations;
}

/**
 * In-process costs, for bench/auth.ts: a full `jose` verification with all our checks (what the
 * first request with a token pays), and the cached path every later request takes (header
 * parsing, verified-token LRU, user-state cache, building the caller).
 */
export async function measureInProcess(): Promise<{ joseNs: number; cachedNs: number }> {
  const key = new TextEncoder().encode('x'.repeat(32));
  const now = Date.now();
  const token = await signAccessToken(key, {
    userId: 1,
    scope: 'stations:crud incidents:crud members:crud',
    organizationId: 1,
    generation: 0,
    iat: Math.floor(now / 1000),
  });
  if (!(await verifyAccessToken(key, token, now))) throw new Error('the bench token does not verify');
  const joseNs = await time(20_000, () => verifyAccessToken(key, token, now));

  const database = openDatabase(':memory:');
  await migrateToLatest(database.db);
  const org = await createOrganization(database.db, { slug: 'micro', name: 'Micro' });
  const user = await createUser(database.db, { email: 'micro@bench' });
  await createMembership(database.db, { organizationId: org.id, userId: user.id, role: 'admin' });
  // A clock that stands still keeps the user state cached for the whole loop.
  const context = configureAuth(database.db, { secret: 'y'.repeat(32), now: () => now });
  const { access_token } = await issueTokens(database.db, user.id);
  const header = `Bearer ${access_token}`;
  await context.users.get(user.id);
  const claims = await verifyAccessToken(await context.signingKey(), access_token, now);
  if (!claims) throw new Error('issued token does not verify');
  context.verifiedTokens.set(access_token, claims, claims.exp * 1000);
  if (!authenticateFromCache(context, header)) throw new Error('the cached path missed');
  // A fresh header string per call, as each request brings its own.
  const cachedNs = await time(1_000_000, () => authenticateFromCache(context, `${header} `));
  await database.close();
  return { joseNs, cachedNs };
}
