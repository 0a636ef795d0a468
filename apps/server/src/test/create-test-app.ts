import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import type { Caller } from '../http/caller';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Makes the following requests come from `caller` (null: signed out). */
  actAs(caller: Caller | null): void;
  close(): Promise<void>;
};

/**
 * The real application over a real, migrated database (SQLite, or PostgreSQL under
 * `npm run test:postgres`). Requests go through `app.inject` — the whole HTTP stack, no socket.
 */
export async function createTestApp(options: { webDist?: string } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  let current: Caller | null = null;
  const app = await createApp({
    database,
    webDist: options.webDist ?? mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
    resolveCaller: async () => current,
  });
  await app.ready();
  return {
    app,
    database,
    actAs(caller) {
      current = caller;
    },
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
