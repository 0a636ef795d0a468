import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createApp } from '../apps/server/src/app';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { issueTokens } from '../apps/server/src/modules/auth/sessions.service';
import { refreshSalesRollups } from '../apps/server/src/modules/metrics/sales-rollup.writer';

/**
 * The server side of bench/lists.ts, in its own process so the load generator does not share its
 * event loop: the real app over an existing bench database (`npm run seed -- --scale bench`),
 * migrated to the latest schema. Prints one JSON line with the URL, an admin's access token for
 * the main demo organisation, the end of the data and the busiest station.
 */
export const BENCH_ORGANIZATION = 1;
const ADMIN_EMAIL = 'admin@forecourt.demo';

/**
 * Databases seeded before the hourly rollup was aligned to IST hours carry UTC-hour buckets:
 * rebuild both rollups from the fills once (about a minute at bench scale).
 */
async function alignRollups(handle: DatabaseHandle, log: (line: string) => void): Promise<void> {
  const { rows } = await sql<{ misaligned: number }>`
    select count(*) as misaligned from (select bucket from sales_hourly
     where (bucket + 19800000) % 3600000 <> 0 limit 1) as probe`.execute(handle.db);
  if (Number(rows[0]?.misaligned ?? 0) === 0) return;
  log('sales_hourly has UTC-hour buckets: rebuilding the rollups from transactions…');
  const started = performance.now();
  await refreshSalesRollups(handle.db, { fromMs: 0, toMs: 4_102_444_800_000 });
  log(`  rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export async function serve(databaseUrl: string): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const database = openDatabase(databaseUrl);
  const applied = await migrateToLatest(database.db);
  if (applied.length) log(`migrated: ${applied.join(', ')}`);
  await alignRollups(database, log);
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', ADMIN_EMAIL)
    .executeTakeFirstOrThrow();
  const { access_token: token } = await issueTokens(database.db, user.id);
  const end = await database.db
    .selectFrom('salesHourly')
    .select((eb) => eb.fn.max<number>('bucket').as('bucket'))
    .where('organizationId', '=', BENCH_ORGANIZATION)
    .executeTakeFirstOrThrow();
  const endMs = Number(end.bucket) + 3_600_000;
  const { rows: busiestRows } = await sql<{ id: number; slug: string }>`
    select s.id, s.slug from sales_daily d join stations s on s.id = d.station_id
     where s.organization_id = ${BENCH_ORGANIZATION} and d.day >= ${endMs - 8 * 86_400_000}
     group by s.id, s.slug order by sum(d.transaction_count) desc limit 1`.execute(database.db);
  const busiest = busiestRows[0];
  if (!busiest) throw new Error('no sales in the last week: seed the bench scale first');
  const vehicle = await database.db
    .selectFrom('vehicles')
    .select('registration')
    .where('organizationId', '=', BENCH_ORGANIZATION)
    .orderBy('lastSeenAt', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const app = await createApp({ database, webDist: mkdtempSync(join(tmpdir(), 'forecourt-lists-bench-')) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(
    `${JSON.stringify({ url, token, endMs, station: { id: Number(busiest.id), slug: busiest.slug }, registration: vehicle.registration })}\n`,
  );
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
