import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';
import { createFileStore } from '../files/file-store';
import { filesRoutes } from '../files/files.routes';
import { incidentsRoutes } from './incidents.routes';

/**
 * Incidents and their evidence files. `filesDir` is where uploaded bytes go (DATA_DIR/files in
 * main.ts); without it (tests) a fresh temporary folder is used.
 */
export async function registerIncidents(
  app: FastifyInstance,
  options: {
    db: Db;
    now: () => number;
    events: DomainEventBus;
    filesDir?: string | undefined;
    /** Where `{address}` links in incident texts point (lib/file-links.ts). */
    filesHost: string;
  },
): Promise<void> {
  const dir = options.filesDir ?? mkdtempSync(join(tmpdir(), 'forecourt-files-'));
  const deps = {
    db: options.db,
    now: options.now,
    events: options.events,
    files: createFileStore(dir),
    filesHost: options.filesHost,
  };
  await app.register(incidentsRoutes(deps));
  await app.register(filesRoutes(deps));
}
