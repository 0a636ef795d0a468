import { rmSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../db/database';
import { DEFAULT_SEED, DEMO_ACCOUNTS, type ScaleName, type SeedSummary, seed } from '../seed/seed';

/**
 * Seeds a database with demo data.
 *
 *   npm run seed -- --scale demo|bench|tiny [--seed N] [--database-url URL] [--reset]
 *
 * The database is `--database-url`, else `DATABASE_URL`, else `<DATA_DIR>/forecourt.db`, where
 * DATA_DIR defaults to `./data` and a relative DATA_DIR is taken from the repository root (not the
 * current directory: `npm run seed` at the root runs this with apps/server as its directory).
 * `--reset` deletes the SQLite file (and its -wal/-shm) or, on PostgreSQL, drops and recreates
 * the `public` schema before seeding.
 */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SCALES: readonly ScaleName[] = ['tiny', 'demo', 'bench'];

function defaultDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const dataDir = env.DATA_DIR ?? './data';
  return resolve(isAbsolute(dataDir) ? dataDir : resolve(REPO_ROOT, dataDir), 'forecourt.db');
}

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

async function reset(url: string): Promise<void> {
  if (isPostgres(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await pool.query('drop schema if exists public cascade');
      await pool.query('create schema public');
    } finally {
      await pool.end();
    }
    return;
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file === ':memory:') return;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

function fileSize(url: string): string | null {
  if (isPostgres(url)) return null;
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  let bytes = 0;
  for (const suffix of ['', '-wal']) {
    try {
      bytes += statSync(`${file}${suffix}`).size;
    } catch {
      // absent
    }
  }
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'demo' },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.info('usage: npm run seed -- --scale demo|bench|tiny [--seed N] [--database-url URL] [--reset]');
    return;
  }
  const scale = values.scale as ScaleName;
  if (!SCALES.includes(scale)) throw new Error(`--scale must be one of ${SCALES.join(', ')}`);
  const seedValue = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isInteger(seedValue)) throw new Error('--seed must be an integer');
  const url = values['database-url'] ?? defaultDatabaseUrl();
  const shown = url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  if (values.reset) {
    await reset(url);
    console.info(`reset ${shown}`);
  }
  const handle = openDatabase(url);
  let summary: SeedSummary;
  try {
    summary = await seed(handle, { scale, seed: seedValue, log: (message) => console.info(message) });
  } finally {
    await handle.close();
  }
  printSummary(summary, url, shown);
}

function printSummary(summary: SeedSummary, url: string, shown: string): void {
  const size = fileSize(url); // after closing, so the WAL has been checkpointed into the file
  const width = Math.max(...Object.keys(summary.counts).map((t) => t.length));
  console.info(`\n${'table'.padEnd(width)}  ${'rows'.padStart(12)}`);
  for (const [table, count] of Object.entries(summary.counts)) {
    console.info(`${table.padEnd(width)}  ${count.toLocaleString('en-US').padStart(12)}`);
  }
  console.info(`${'total'.padEnd(width)}  ${summary.totalRows.toLocaleString('en-US').padStart(12)}`);
  console.info(
    `\n${summary.scale} seed ${summary.seed}: ${summary.stations} stations, ${summary.from} → ${summary.to}, ` +
      `${(summary.durationMs / 1000).toFixed(1)} s${size ? `, ${size}` : ''} at ${shown}`,
  );
  console.info('\nSign in with:');
  for (const account of DEMO_ACCOUNTS)
    console.info(`  ${account.email} / ${account.password}  (${account.description})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
