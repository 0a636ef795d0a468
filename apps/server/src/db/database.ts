import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { ColumnNames, camelCaseDialect } from './camel-case';
import type { Dialect } from './migrations/dsl';
import { migrations } from './migrations/index';
import { NamedStatementPool } from './named-statements';
import type { Database } from './schema';
import { StatementCache } from './statement-cache';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  /** The underlying better-sqlite3 connection (SQLite only), for bulk loading. */
  sqlite?: BetterSqlite3.Database;
  /** The node-postgres pool (PostgreSQL only), for bulk loading. */
  pool?: pg.Pool;
  close(): Promise<void>;
};

/**
 * Per Kysely instance: what to forget when migrations change the schema (the SQLite statement
 * cache, the PostgreSQL statement names). See `statement-cache.ts` and `named-statements.ts`.
 */
const preparedStatements = new WeakMap<Db, { reset(options?: { paused?: boolean }): void }>();

// int8 and numeric arrive as strings from node-postgres. Our int8 values are epoch milliseconds,
// paise and milli-units, all far below 2^53, so numbers are exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** Opens the database named by `url`: `postgres://…` selects PostgreSQL, anything else is a SQLite file path (or `:memory:`). */
export function openDatabase(
  url: string,
  options: {
    /** PostgreSQL: connections in the pool (DATABASE_POOL_SIZE, default 10). */
    poolSize?: number;
    /** PostgreSQL: `statement_timeout` of every connection in ms (0 or absent: none). */
    statementTimeoutMs?: number;
  } = {},
): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // Kysely's queries run as named prepared statements and their rows come with camelCase keys;
    // `pool` itself (bulk loading) is untouched.
    const names = new ColumnNames();
    const named = new NamedStatementPool(pool, { columnKey: names.toCamelCase });
    const db = new Kysely<Database>({ dialect: camelCaseDialect({ postgres: { pool: named } }, names) });
    preparedStatements.set(db, named.names);
    return { db, dialect: 'postgres', pool, close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  // Kysely prepares every query it runs; the cache keeps one statement per SQL text instead, and
  // its rows come with camelCase keys. `sqlite` itself (bulk loading, pragmas) is untouched.
  const names = new ColumnNames();
  const statements = new StatementCache(sqlite, { columnKey: names.toCamelCase });
  const db = new Kysely<Database>({ dialect: camelCaseDialect({ sqlite: { database: statements } }, names) });
  preparedStatements.set(db, { reset: () => statements.clear() });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}

/** The advisory lock key under which one process at a time migrates and seeds ("forecourt"). */
const STARTUP_LOCK = 0x666f7265636f;

/**
 * Runs `work` (migrate, seed when empty) while holding a PostgreSQL session advisory lock, so
 * processes starting at the same moment do it one after another: the first migrates and seeds,
 * the others find nothing left to do. SQLite has one process: `work` runs as is.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.dialect !== 'postgres' || !handle.pool) return work();
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function currentSchema(db: Db): Promise<string | null> {
  if (db.getExecutor().adapter.constructor.name.startsWith('Sqlite')) return null;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? null;
}

/** Brings the schema up to date. Throws when a migration fails (the failed one is rolled back). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // On PostgreSQL the migration bookkeeping lives in the connection's current schema, so several
  // schemas on one server (one per test file) each keep their own.
  const migrationTableSchema = await currentSchema(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  // Statements prepared before a migration may describe tables that changed: start afresh after
  // it, and prepare nothing for reuse while it runs.
  const statements = preparedStatements.get(db);
  statements?.reset({ paused: true });
  const { error, results } = await migrator.migrateToLatest().finally(() => statements?.reset());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
