// The whole test suite, as CI runs it: unit + API tests on SQLite (every vitest project, each file
// once), the server API tests again on a throwaway PostgreSQL (project `server`; the fast unit
// tests touch no database), then the Playwright scenarios against the built app in Chromium.
// Tiers and their own scripts: docs/TESTING.md.
// Ends with one plain line `N passed, N failed` summed over every runner; exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2); // optional subset: sqlite, postgres, e2e
const want = (step) => only.length === 0 || only.includes(step);
const reports = mkdtempSync(join(tmpdir(), 'forecourt-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, command, args, env = {}) {
  console.info(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readVitest(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function readPlaywright(file) {
  if (!existsSync(file)) return null;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

function record(label, status, counts) {
  if (!counts) {
    failures.push(`${label}: no report (exit ${status})`);
    totals.failed += 1;
    return;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (status !== 0 && counts.failed === 0) {
    failures.push(`${label}: exited ${status}`);
    totals.failed += 1;
  } else if (counts.failed > 0) failures.push(`${label}: ${counts.failed} failed`);
}

if (want('sqlite')) {
  const file = join(reports, 'vitest-sqlite.json');
  const status = run('unit + API tests (SQLite)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  record('vitest (SQLite)', status, readVitest(file));
}

if (want('postgres')) {
  const file = join(reports, 'vitest-postgres.json');
  const status = run('API tests (PostgreSQL)', 'node', [
    'scripts/with-postgres.mjs',
    'npx',
    'vitest',
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  record('vitest (PostgreSQL)', status, readVitest(file));
}

if (want('e2e')) {
  // The published @novu/notification-center 2.0.0 test page (e2e notification-center-compat.spec.ts):
  // its own node_modules from its committed lockfile (React 18, not a workspace), bundled into
  // compat/notification-center/dist with the repository's esbuild.
  const compat =
    run('install the notification-center compat page', 'npm', [
      'ci',
      '--prefix',
      'compat/notification-center',
      '--no-audit',
      '--no-fund',
    ]) || run('bundle the notification-center compat page', 'node', ['compat/notification-center/build.mjs']);
  if (compat !== 0) record('notification-center compat page', compat, null);
  // The published @novu/react Inbox pages (3.19.2 and 3.5.0; e2e novu-react-compat.spec.ts), the
  // same way: own node_modules from its committed lockfile, bundled into compat/novu-react/dist.
  const novuReact =
    run('install the novu-react compat pages', 'npm', [
      'ci',
      '--prefix',
      'compat/novu-react',
      '--no-audit',
      '--no-fund',
    ]) || run('bundle the novu-react compat pages', 'node', ['compat/novu-react/build.mjs']);
  if (novuReact !== 0) record('novu-react compat pages', novuReact, null);
  const built = run('build the web app', 'npm', ['run', 'build']);
  if (built !== 0) record('web build', built, null);
  else {
    const file = join(reports, 'playwright.json');
    const status = run(
      'end-to-end (Chromium)',
      'npx',
      ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      },
    );
    record('playwright', status, readPlaywright(file));
  }
}

rmSync(reports, { recursive: true, force: true });
if (failures.length > 0) console.info(`\nFailures:\n  ${failures.join('\n  ')}`);
console.info(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
