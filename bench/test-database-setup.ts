import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import {
  adminQuery,
  copyPostgresTemplate,
  copySqliteTemplate,
  createTemplateDatabase,
  databaseUrl,
} from '../apps/server/src/test/template-database';

/**
 * The per-test-file database setup of the API tests: migrating a fresh database (what every test
 * file did before) against copying the run's migrated template (what `createTestDatabase` does):
 *   npx tsx bench/test-database-setup.ts [--rounds 10] [--database-url postgres://…/postgres]
 * SQLite always; PostgreSQL too when --database-url (or TEST_DATABASE_URL) names a server.
 */
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '10' }, 'database-url': { type: 'string' } },
});
const rounds = Number(values.rounds);
const serverUrl = values['database-url'] ?? process.env.TEST_DATABASE_URL;

async function time(work: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

function report(label: string, samples: number[]) {
  const median = samples[Math.floor(samples.length / 2)] ?? 0;
  const mean = samples.reduce((sum, n) => sum + n, 0) / samples.length;
  console.info(
    `| ${label.padEnd(44)} | ${median.toFixed(0).padStart(9)} | ${mean.toFixed(0).padStart(7)} | ${(samples.at(-1) ?? 0).toFixed(0).padStart(6)} |`,
  );
}

console.info(
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} · ${rounds} rounds\n`,
);
console.info('| per test file                                | median ms | mean ms | max ms |');
console.info('| -------------------------------------------- | --------: | ------: | -----: |');

const dir = mkdtempSync(join(tmpdir(), 'forecourt-bench-testdb-'));
let n = 0;
report(
  'SQLite: migrate a fresh file',
  await time(async () => {
    const handle = openDatabase(join(dir, `fresh-${n++}.db`));
    await migrateToLatest(handle.db);
    await handle.close();
  }),
);
const sqliteTemplate = await createTemplateDatabase(undefined);
report(
  'SQLite: copy the template file',
  await time(async () => {
    const file = join(dir, `copy-${n++}.db`);
    if (sqliteTemplate.template.dialect === 'sqlite') copySqliteTemplate(sqliteTemplate.template, file);
    const handle = openDatabase(file);
    await handle.close();
  }),
);
await sqliteTemplate.dispose();
rmSync(dir, { recursive: true, force: true });

if (serverUrl) {
  report(
    'PostgreSQL: create a database and migrate it',
    await time(async () => {
      const database = `bench_fresh_${n++}`;
      await adminQuery(serverUrl, `create database ${database}`);
      const handle = openDatabase(databaseUrl(serverUrl, database));
      await migrateToLatest(handle.db);
      await handle.close();
      await adminQuery(serverUrl, `drop database ${database} with (force)`);
    }),
  );
  const pgTemplate = await createTemplateDatabase(serverUrl);
  report(
    'PostgreSQL: CREATE DATABASE … TEMPLATE',
    await time(async () => {
      if (pgTemplate.template.dialect !== 'postgres') return;
      const database = await copyPostgresTemplate(pgTemplate.template);
      const handle = openDatabase(databaseUrl(serverUrl, database));
      await handle.close();
      await adminQuery(serverUrl, `drop database ${database} with (force)`);
    }),
  );
  await pgTemplate.dispose();
}
