import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServerIfChanged } from '../../../scripts/build.mjs';
import { startServerProcess } from './test/server-process';

/**
 * What `npm start` runs in production: the server compiled by scripts/build.mjs into one bundle,
 * started by plain Node (no TypeScript loader), rebuilt only when its sources changed.
 */
describe('compiled server start', () => {
  // Inside the repository so the bundle's npm imports resolve from node_modules; `.tmp` is ignored
  // by git and by the build stamps.
  const buildDir = join(import.meta.dirname, '..', '.tmp', `bundle-${randomBytes(4).toString('hex')}`);
  const outfile = join(buildDir, 'main.mjs');
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-compiled-'));
  afterAll(() => {
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds once, skips the build while the sources are unchanged, and serves under plain Node', async () => {
    expect(await buildServerIfChanged({ outfile })).toBe(true);
    expect(await buildServerIfChanged({ outfile })).toBe(false);
    const bundle = readFileSync(outfile, 'utf8');
    expect(bundle).not.toMatch(/from ["']tsx/);
    // Our workspace packages are inside the bundle, npm packages are not.
    expect(bundle).not.toMatch(/from ["']@forecourt\//);
    expect(bundle).toMatch(/from ["']fastify["']/);

    const server = await startServerProcess('compiled', { DATA_DIR: dataDir, LOG_LEVEL: 'info' }, 120_000, [
      outfile,
    ]);
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect(server.output()).toContain('migrations applied');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 240_000);
});
