import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/database';
import { type ScaleName, seed } from '../apps/server/src/seed/seed';

/**
 * Times the demo-data generator end to end (migrations included) and prints a Markdown summary
 * for bench/results/seed.md.
 *
 *   npx tsx bench/seed.ts --scale demo [--database-url postgres://…] [--keep]
 *
 * Without --database-url it seeds a fresh SQLite file in a temporary directory (deleted afterwards
 * unless --keep). A PostgreSQL URL must point at an empty database.
 */
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'demo' },
    seed: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const dir = values['database-url'] ? null : mkdtempSync(join(tmpdir(), 'forecourt-seed-bench-'));
const url = values['database-url'] ?? join(dir ?? '.', 'forecourt.db');
const handle = openDatabase(url);
const started = performance.now();
const summary = await seed(handle, {
  scale: values.scale as ScaleName,
  seed: Number(values.seed),
  log: (message) => console.info(message),
});
await handle.close();
const seconds = (performance.now() - started) / 1000;

let size = 'n/a';
if (dir) {
  const bytes = ['', '-wal'].reduce((sum, suffix) => {
    try {
      return sum + statSync(`${url}${suffix}`).size;
    } catch {
      return sum;
    }
  }, 0);
  size =
    bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

const fmt = (n: number) => n.toLocaleString('en-US');
console.info(`\n| scale | dialect | stations | days | transactions | rows | seconds | rows/s | size |`);
console.info('|---|---|---|---|---|---|---|---|---|');
console.info(
  `| ${summary.scale} | ${handle.dialect} | ${summary.stations} | ${summary.from} → ${summary.to} | ` +
    `${fmt(summary.counts.transactions ?? 0)} | ${fmt(summary.totalRows)} | ${seconds.toFixed(1)} | ` +
    `${fmt(Math.round(summary.totalRows / seconds))} | ${size} |`,
);
console.info(
  `\n${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString()}`,
);
if (dir && !values.keep) rmSync(dir, { recursive: true, force: true });
