import { type Kysely, sql } from 'kysely';
import { type DatabaseHandle, migrateToLatest } from '../db/database';
import { ensurePartitions, ensureUpcomingPartitions } from '../db/partitions.repository';
import { rebuildDailyRollups } from '../modules/metrics/daily-rollups';
import { seedNotify } from '../modules/notify/seed';
import { createBulkWriter } from './bulk-writer';
import { writeCardRequests, writeCards } from './cards';
import { writeChallans } from './challans';
import { writeAccessRequests, writeProfiles, writeReviews } from './community';
import type { SeedContext } from './context';
import { IncidentLog } from './incidents';
import { BULK_TABLES, finishLoad, suspendIndexes } from './indexes';
import { LoyaltyBook, writePrograms } from './loyalty';
import { currentFaults } from './operations';
import { buildOrganizations, writeOrganizations, writeUsers } from './organizations';
import { buildBusinessCustomers, writeCustomers, writePersonnel } from './people';
import { SCALES, type ScaleName } from './plan';
import { Random } from './random';
import { generateHistory } from './sales';
import { buildStations, writeDispensers, writeNozzles, writeStations } from './stations';
import { createSinks, Ids } from './tables';
import { DAY, defaultNow, istDate, istDayStart } from './time';
import { VehiclePools, writePoolVehicles } from './vehicles';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
export type { ScaleName } from './plan';

export type SeedOptions = {
  scale: ScaleName;
  /** PRNG seed; the same seed and `now` give the same rows. Default 1. */
  seed?: number;
  /** End of the generated history (epoch ms). Default: the current time floored to the hour. */
  now?: number;
  log?: (message: string) => void;
};

export type SeedSummary = {
  scale: ScaleName;
  seed: number;
  now: number;
  /** First and last generated IST dates. */
  from: string;
  to: string;
  stations: number;
  /** Rows written per table. */
  counts: Record<string, number>;
  totalRows: number;
  durationMs: number;
  /** durationMs in seconds, one decimal. */
  seconds: number;
};

export const DEFAULT_SEED = 1;

/**
 * Fills an empty database with deterministic demo data (migrating it first). Throws when the
 * database already has organisations: seed a fresh file or schema (the CLI's --reset).
 */
export async function seed(handle: DatabaseHandle, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const scale = SCALES[options.scale];
  if (!scale) throw new Error(`unknown scale ${String(options.scale)}`);
  const seedValue = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? defaultNow();
  await migrateToLatest(handle.db);
  if ((await countOrganizations(handle)) > 0) {
    throw new Error(
      'seed needs an empty database: organizations already has rows (use a new database or --reset)',
    );
  }
  const firstDay = istDayStart(now) - (scale.days - 1) * DAY;
  // PostgreSQL: the loaded months get their partitions first (rows would otherwise land in DEFAULT).
  await ensureUpcomingPartitions(handle.db as unknown as Kysely<unknown>, now);
  await ensurePartitions(handle.db as unknown as Kysely<unknown>, firstDay, now);
  log(
    `seeding scale=${scale.name} seed=${seedValue} ${istDate(firstDay)} → ${istDate(now)} (${handle.dialect})`,
  );
  const writer = await createBulkWriter(handle);
  const ctx: SeedContext = {
    rng: new Random(seedValue),
    scale,
    now,
    firstDay,
    writer,
    sinks: createSinks(writer),
    ids: new Ids(),
    log,
    orgs: [],
    stations: [],
  };
  const suspended = await suspendIndexes(handle, BULK_TABLES);
  let failure: unknown = null;
  try {
    await load(ctx);
  } catch (error) {
    failure = error;
  }
  try {
    await writer.close();
    const indexStart = performance.now();
    await suspended.restore();
    await rebuildDailyRollups(handle.db);
    await finishLoad(handle);
    log(`  indexes rebuilt (${suspended.count}) and statistics refreshed in ${seconds(indexStart)} s`);
  } catch (error) {
    failure ??= error;
  }
  if (failure) throw failure;
  const environments = await seedNotify(handle.db, now);
  log(`  ${environments} notification environments with their default workflows`);
  const counts = writer.counts();
  const totalRows = Object.values(counts).reduce((a, b) => a + b, 0);
  const durationMs = Math.round(performance.now() - started);
  log(`seeded ${totalRows.toLocaleString('en-US')} rows in ${(durationMs / 1000).toFixed(1)} s`);
  return {
    scale: scale.name,
    seed: seedValue,
    now,
    from: istDate(firstDay),
    to: istDate(now),
    stations: ctx.stations.length,
    counts,
    totalRows,
    durationMs,
    seconds: Math.round(durationMs / 100) / 10,
  };
}

/** Seeds only when there are no organisations yet; returns null when it did nothing. */
export async function seedIfEmpty(handle: DatabaseHandle, options: SeedOptions): Promise<SeedSummary | null> {
  await migrateToLatest(handle.db);
  if ((await countOrganizations(handle)) > 0) return null;
  return seed(handle, options);
}

async function countOrganizations(handle: DatabaseHandle): Promise<number> {
  const row = await handle.db
    .selectFrom('organizations')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** The phases, parents before children (each flush stores what the next phase references). */
async function load(ctx: SeedContext): Promise<void> {
  const { writer, log } = ctx;
  let phase = performance.now();
  buildOrganizations(ctx);
  buildStations(ctx);
  buildBusinessCustomers(ctx);
  const pools = new VehiclePools();
  pools.build(ctx);
  writeOrganizations(ctx);
  await writer.flush();
  writeStations(ctx);
  await writer.flush();
  await writeUsers(ctx);
  writeDispensers(ctx);
  writeCustomers(ctx);
  writePersonnel(ctx);
  writePrograms(ctx);
  await writer.flush();
  const cards = writeCards(ctx, pools);
  await writer.flush();
  writeCardRequests(ctx, cards);
  writeProfiles(ctx);
  writeReviews(ctx);
  writeAccessRequests(ctx);
  await writer.flush();
  log(
    `  ${ctx.orgs.length} organisations, ${ctx.stations.length} stations and their people, cards and reviews in ${seconds(phase)} s`,
  );

  phase = performance.now();
  const incidents = new IncidentLog(ctx);
  await generateHistory(ctx, { pools, incidents, loyalty: new LoyaltyBook(ctx) });
  currentFaults(ctx, incidents);
  writeNozzles(ctx);
  writePoolVehicles(ctx, pools);
  writeChallans(ctx, pools);
  await writer.flush();
  incidents.writeEvents();
  await writer.flush();
  log(`  history written in ${seconds(phase)} s`);
}
