import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database';

/**
 * A migrated, empty database for one test file: a temporary SQLite file by default, or a fresh
 * schema on the PostgreSQL server named by TEST_DATABASE_URL (set by `npm run test:postgres`).
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const handle = openDatabase(url.toString());
    await migrateToLatest(handle.db);
    return {
      ...handle,
      async dispose() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop schema ${schema} cascade`);
        await cleanup.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-test-'));
  const handle = openDatabase(join(dir, 'test.db'));
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async dispose() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
