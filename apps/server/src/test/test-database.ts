import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database';
import {
  adminQuery,
  copyPostgresTemplate,
  copySqliteTemplate,
  databaseUrl,
  dropTestDatabase,
  type TestDatabaseTemplate,
} from './template-database';

/** Which test tier a vitest project is: `unit` projects must not open a database or start a server. */
export type TestTier = 'unit' | 'api';

/** What the vitest configs and global setup hand to the test files (`provide` / `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate | null;
    testTier: TestTier;
  }
}

/** Throws in a `unit` vitest project: its tests must not open a database or start a server. */
export function assertDatabaseTier(what: string): void {
  if (inject('testTier') === 'unit') {
    throw new Error(
      `${what} in a fast unit test file (*.unit.test.ts): tests that need a database or a server are API tests, named plain *.test.ts (see docs/TESTING.md)`,
    );
  }
}

/**
 * A migrated, empty database for one test file: a temporary SQLite file by default, or a fresh
 * database on the PostgreSQL server named by TEST_DATABASE_URL (set by `npm run test:postgres`).
 * Both are copies of the run's template database (migrated once by the vitest global setup);
 * without a template (a project with no global setup) the database is migrated here.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  assertDatabaseTier('createTestDatabase');
  const template: TestDatabaseTemplate | null | undefined = inject('testDatabaseTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    let database: string;
    if (template?.dialect === 'postgres') database = await copyPostgresTemplate(template);
    else {
      database = `t_${randomBytes(6).toString('hex')}`;
      await adminQuery(serverUrl, `create database ${database}`);
    }
    const handle = openDatabase(databaseUrl(serverUrl, database));
    if (template?.dialect !== 'postgres') await migrateToLatest(handle.db);
    return {
      ...handle,
      async dispose() {
        await handle.close();
        await dropTestDatabase(serverUrl, database);
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-test-'));
  const file = join(dir, 'test.db');
  if (template?.dialect === 'sqlite') copySqliteTemplate(template, file);
  const handle = openDatabase(file);
  if (template?.dialect !== 'sqlite') await migrateToLatest(handle.db);
  return {
    ...handle,
    async dispose() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
