// Checks that the Node versions this repository declares (package.json `engines.node`) are ones
// every locked dependency accepts, so `npm ci` on a supported Node never warns EBADENGINE:
//   node scripts/check-engines.mjs            # production dependencies (what runs the product)
//   node scripts/check-engines.mjs --all      # development dependencies too
// A declared range is checked at its floors (the lowest version of each `||` alternative, e.g.
// 20.19.0 and 22.13.0) and at the running Node when that is inside it. Exits 1 listing offenders.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The Node versions that stand for a declared range: each alternative's floor, and `current`. */
export function probeVersions(declared, current = process.version) {
  const range = new semver.Range(declared);
  const floors = range.set.map((comparators) => semver.minVersion(new semver.Range(comparators.join(' '))));
  const versions = floors.filter(Boolean).map((version) => version.version);
  const running = semver.clean(current);
  if (running && semver.satisfies(running, range)) versions.push(running);
  return [...new Set(versions)];
}

/**
 * Locked packages whose `engines.node` rejects one of the probe versions. `lock` is a parsed
 * package-lock.json (v2/v3: `packages` keyed by install path, with `engines`, `dev`, `optional`).
 */
export function engineViolations(lock, declared, { includeDev = false, current } = {}) {
  const probes = probeVersions(declared, current);
  const violations = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path === '' || entry.link) continue;
    if (entry.dev && !includeDev) continue;
    const wanted = entry.engines?.node;
    if (typeof wanted !== 'string') continue;
    const rejected = probes.filter((version) => !semver.satisfies(version, wanted));
    if (rejected.length > 0) {
      violations.push({ path, version: entry.version, engines: wanted, rejected, dev: Boolean(entry.dev) });
    }
  }
  return violations;
}

export function readRepo() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  return { declared: manifest.engines.node, lock };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { declared, lock } = readRepo();
  const violations = engineViolations(lock, declared, { includeDev: process.argv.includes('--all') });
  for (const v of violations) {
    console.error(
      `${v.path}@${v.version}${v.dev ? ' (dev)' : ''}: engines.node "${v.engines}" rejects ${v.rejected.join(', ')}`,
    );
  }
  if (violations.length > 0) {
    console.error(`\n${violations.length} locked packages reject part of engines.node "${declared}".`);
    process.exit(1);
  }
  console.info(
    `Every locked dependency accepts engines.node "${declared}" (${probeVersions(declared).join(', ')}).`,
  );
}
