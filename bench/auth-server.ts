import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { createApp } from '../apps/server/src/app';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { createMembership, createOrganization, createUser } from '../apps/server/src/test/factories';

/**
 * The server side of bench/auth.ts, run in its own process so the load generator does not share
 * its event loop: a fresh SQLite database with one organisation and `users` members (all with the
 * same password), the real app, and three identical trivial routes that differ only in access.
 * Prints one JSON line `{url}` when it listens.
 */
export const BENCH_PASSWORD = 'bench-forecourt-pump';
export const benchEmail = (n: number) => `bench-${n}@forecourt.bench`;

export async function serve(users: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-auth-bench-'));
  const database = openDatabase(join(dir, 'bench.db'));
  await migrateToLatest(database.db);
  const org = await createOrganization(database.db, { slug: 'bench', name: 'Bench' });
  for (let n = 0; n < users; n++) {
    const user = await createUser(database.db, { email: benchEmail(n), password: BENCH_PASSWORD });
    await createMembership(database.db, { organizationId: org.id, userId: user.id, role: 'admin' });
  }
  // Every request comes from 127.0.0.1: lift the login limits so they measure argon2, not 429s.
  const lifted = { max: 1_000_000_000, windowMs: 60_000 };
  const app = await createApp({
    database,
    webDist: dir,
    auth: { loginLimits: { ipAttempts: lifted, ipFailures: lifted, accountFailures: lifted } },
  });
  const schema = { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } };
  const ok = async () => ({ status: 'ok' as const });
  app.get('/api/bench/public', { config: { auth: 'public' }, schema }, ok);
  app.get('/api/bench/user', { config: { auth: 'user' }, schema }, ok);
  app.get('/api/bench/grant', { config: { grant: 'stations:r' }, schema }, ok);
  // CPU time of the whole process (all threads, argon2's included), µs: robust on a shared box.
  app.get('/api/bench/cpu', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    process.cpuUsage(),
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}
