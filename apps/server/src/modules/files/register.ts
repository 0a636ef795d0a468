import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { IncidentsDeps } from '../incidents/incidents.deps';
import { createFileStore } from './file-store';
import type { FilesDeps } from './files.deps';
import { filesRoutes } from './files.routes';

/**
 * Evidence files of incidents. `filesDir` is where uploaded bytes go (DATA_DIR/files in main.ts);
 * without it (tests) a fresh temporary folder is used.
 */
export async function registerFiles(
  app: FastifyInstance,
  options: { incidents: IncidentsDeps; filesDir?: string | undefined },
): Promise<void> {
  const dir = options.filesDir ?? mkdtempSync(join(tmpdir(), 'forecourt-files-'));
  const deps: FilesDeps = { ...options.incidents, files: createFileStore(dir) };
  await app.register(filesRoutes(deps));
}
