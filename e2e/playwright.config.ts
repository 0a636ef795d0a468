import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Scenarios run against the built app served by the real server on loopback, with a fresh
 * SQLite database seeded with the demo data, in Debian's Chromium (no browser download).
 */
const port = Number(process.env.E2E_PORT ?? 54180);
const givenDataDir = process.env.E2E_DATA_DIR;
const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'forecourt-e2e-'));
const repoRoot = resolve(import.meta.dirname, '..');
// The test workers read the same folder (a scenario starts a second server on this database).
process.env.E2E_DATA_DIR = dataDir;
// A folder made here (the seeded database, ~0.7 GB with its write-ahead log) goes when the run
// ends; one given in E2E_DATA_DIR is the caller's and stays.
if (!givenDataDir) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1366, height: 860 } } }],
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/api/health`,
    // Generous: the first start migrates and seeds a fresh database on a shared, busy machine.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      INIT_CWD: repoRoot,
      // Links in the mails (reset, verification, invitation) point at this server.
      APP_URL: `http://127.0.0.1:${port}`,
      // The integration test send reaches a receiver on loopback: allowed explicitly, as an
      // operator allows private ranges (outbound notification requests are public-only by default).
      NOTIFY_ALLOW_PRIVATE_NETWORKS: '127.0.0.0/8',
    },
  },
});
