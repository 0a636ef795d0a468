import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../db/database';

/**
 * Where the migrated, empty template database of a test run lives. Made once per run by the
 * vitest global setup (`template-database.global.ts`); every test file copies it instead of
 * running all migrations again.
 */
export type TestDatabaseTemplate =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; serverUrl: string; database: string };

/** `postgres://…/<database>` on the same server as `serverUrl`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `statements` on the server's maintenance database, one connection. */
export async function adminQuery(serverUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Drops a test database once its connections are gone. A closed pool has only *asked* its
 * connections to end (the server may still hold them for a moment); dropping `with (force)` at
 * that moment makes the server send "terminating connection" to a client that has stopped
 * listening, which surfaces as an uncaught error in whichever test runs next. So wait (briefly,
 * bounded) for the last backend to leave, then drop; `force` only clears what is left after that.
 */
export async function dropTestDatabase(serverUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await admin.query<{ open: string }>(
        'select count(*) as open from pg_stat_activity where datname = $1',
        [database],
      );
      if (Number(rows[0]?.open ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin.query(`drop database if exists ${database} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates a fresh template: a SQLite file under a temporary folder, or, when `serverUrl` names a
 * PostgreSQL server, a new database on it. `dispose` removes it.
 */
export async function createTemplateDatabase(
  serverUrl: string | undefined,
): Promise<{ template: TestDatabaseTemplate; dispose(): Promise<void> }> {
  if (serverUrl) {
    const database = `forecourt_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${database}`);
    const handle = openDatabase(databaseUrl(serverUrl, database), { poolSize: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
      await handle.close();
    }
    return {
      template: { dialect: 'postgres', serverUrl, database },
      dispose: () => dropTestDatabase(serverUrl, database),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-template-'));
  const file = join(dir, 'template.db');
  const handle = openDatabase(file);
  try {
    await migrateToLatest(handle.db);
    // Fold the write-ahead log into the file, so copying the one file copies everything.
    handle.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await handle.close();
  }
  return {
    template: { dialect: 'sqlite', file },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A copy of the SQLite template at `target` (a file copy: no migration runs). */
export function copySqliteTemplate(template: { file: string }, target: string): void {
  copyFileSync(template.file, target);
}

/** A new PostgreSQL database copied from the template; resolves with its name. */
export async function copyPostgresTemplate(template: {
  serverUrl: string;
  database: string;
}): Promise<string> {
  const database = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(template.serverUrl, `create database ${database} template ${template.database}`);
  return database;
}
