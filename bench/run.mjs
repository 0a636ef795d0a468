// Runs every benchmark of bench/README.md and keeps each one's output in bench/results/latest/:
//   npm run bench                     # small scale: demo seed (~1 M fills), short runs — a few minutes
//   npm run bench -- --scale bench    # full scale: bench seed (~10.7 M fills), the runs of the table
//   npm run bench -- --only lists,fanout [--no-postgres] [--keep-going]
// Databases: a seeded SQLite file under /tmp/forecourt-bench (seeded once, reused), and, unless
// --no-postgres or no PostgreSQL server binaries are installed, a throwaway PostgreSQL cluster
// seeded at the same scale for the lists (the other benches create their own databases in it).
// Every output file starts with the machine, the load average, the commit and the command.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    only: { type: 'string' },
    'no-postgres': { type: 'boolean', default: false },
    'keep-going': { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: '/tmp/forecourt-bench' },
  },
});
const full = values.scale === 'bench';
if (!['small', 'bench'].includes(values.scale)) throw new Error('--scale small|bench');
const seedScale = full ? 'bench' : 'demo';
const sqliteUrl = join(values['data-dir'], `${seedScale}.db`);
const out = join(root, 'bench/results/latest');
mkdirSync(out, { recursive: true });
const tsx = join(root, 'node_modules/.bin/tsx');

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    return 'unknown';
  }
})();
const header = (command) =>
  `# ${command}\n# ${new Date().toISOString()} · commit ${commit} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version} · load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} (at start)\n\n`;

function run(name, command, args, env = {}) {
  const shown = [command === tsx ? 'npx tsx' : command === process.execPath ? 'node' : command, ...args].join(
    ' ',
  );
  console.info(`\n▶ ${name}: ${shown}`);
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const text = `${header(shown)}${result.stdout ?? ''}\n# load average at the end ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} · ${seconds} s\n`;
  writeFileSync(join(out, `${name}.txt`), text);
  const tail = (result.stdout ?? '').trim().split('\n').slice(-14).join('\n');
  console.info(tail);
  if (result.status !== 0) {
    console.error(`✗ ${name} failed (exit ${result.status}); output in bench/results/latest/${name}.txt`);
    if (!values['keep-going']) process.exit(result.status ?? 1);
  }
}

function seedIfMissing(url) {
  if (!url.startsWith('postgres') && existsSync(url)) return;
  run(`seed-${url.startsWith('postgres') ? 'postgres' : 'sqlite'}`, tsx, [
    'apps/server/src/cli/seed.ts',
    '--scale',
    seedScale,
    '--database-url',
    url,
    '--reset',
  ]);
}

const wanted = values.only ? new Set(values.only.split(',')) : null;
const want = (name) => !wanted || wanted.has(name);

let cluster = null;
const postgresWanted = !values['no-postgres'];
if (postgresWanted) {
  try {
    const { startPostgres } = await import('../scripts/postgres-cluster.mjs');
    cluster = await startPostgres();
  } catch (error) {
    console.warn(`PostgreSQL runs skipped: ${error.message}`);
  }
}
const stop = () => cluster?.stop();
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

try {
  mkdirSync(values['data-dir'], { recursive: true });
  const needsSeed = ['lists', 'plans', 'long-windows', 'start'].some(want);
  if (needsSeed) seedIfMissing(sqliteUrl);
  const pgList = cluster && (want('lists') || want('plans'));
  if (pgList) {
    seedIfMissing(cluster.url);
    spawnSync(
      'node',
      [
        '-e',
        `const pg=require('pg');const c=new pg.Client(${JSON.stringify(cluster.url)});c.connect().then(()=>c.query('vacuum analyze')).then(()=>c.end())`,
      ],
      {
        cwd: join(root, 'apps/server'),
        stdio: 'inherit',
      },
    );
  }
  const requests = full ? '1000' : '200';
  const rounds = full ? '3' : '1';
  if (want('lists')) {
    run('lists-sqlite', tsx, [
      'bench/lists.ts',
      '--database-url',
      sqliteUrl,
      '--requests',
      requests,
      '--rounds',
      rounds,
    ]);
    if (cluster)
      run('lists-postgres', tsx, [
        'bench/lists.ts',
        '--database-url',
        cluster.url,
        '--requests',
        requests,
        '--rounds',
        rounds,
      ]);
  }
  if (want('long-windows')) {
    run('long-windows-sqlite', tsx, [
      'bench/long-windows.ts',
      '--database-url',
      sqliteUrl,
      '--rounds',
      full ? '15' : '3',
    ]);
  }
  if (want('plans')) {
    run('lists-plans-sqlite', tsx, ['bench/lists-plans.ts', sqliteUrl]);
    if (cluster) run('lists-plans-postgres', tsx, ['bench/lists-plans.ts', cluster.url]);
  }
  // These benches make their own databases: SQLite temp files, then a schema on the cluster.
  const both = cluster ? { TEST_DATABASE_URL: cluster.url } : {};
  if (want('fanout')) {
    run(
      'fanout-10k',
      tsx,
      ['bench/notify-fanout.ts', '--subscribers', '10000', '--rounds', full ? '5' : '2', '--no-redis'],
      both,
    );
    if (full)
      run(
        'fanout-100k',
        tsx,
        ['bench/notify-fanout.ts', '--subscribers', '100000', '--rounds', '1', '--no-redis'],
        both,
      );
  }
  if (want('ingest')) {
    run(
      'ingest',
      tsx,
      ['bench/ingest.ts', '--scale', full ? 'demo' : 'tiny', '--batches', full ? '10' : '4'],
      both,
    );
  }
  if (want('realtime')) {
    run(
      'trigger-to-badge',
      tsx,
      ['bench/notify-realtime.ts', '--seconds', full ? '30' : '8', '--no-redis'],
      both,
    );
  }
  if (want('inbox')) {
    run(
      'feed-and-counts',
      tsx,
      [
        'bench/notify-inbox.ts',
        '--messages',
        full ? '10000000' : '200000',
        '--rounds',
        full ? '3' : '1',
        '--iterations',
        full ? '2000' : '300',
      ],
      both,
    );
  }
  if (want('export-stall'))
    run('export-stall', tsx, ['bench/export-stall.ts', '--rows', full ? '100000' : '20000']);
  // Two server processes on a PostgreSQL cluster and a redis-server of their own.
  if (want('sockets') && postgresWanted)
    run('sockets', tsx, ['bench/sockets-10k.ts', '--sockets', full ? '10000' : '1000'], both);
  if (want('inbox-size')) run('inbox-size', 'npm', ['run', 'size', '-w', '@forecourt/inbox']);
  if (want('auth'))
    run('auth', tsx, ['bench/auth.ts', '--seconds', full ? '10' : '3', '--rounds', full ? '3' : '1']);
  // start builds the web app when it is stale, which the bundle sizes need.
  if (want('start'))
    run('start', process.execPath, [
      'bench/start.mjs',
      '--database-url',
      sqliteUrl,
      '--runs',
      full ? '5' : '3',
    ]);
  if (want('bundle')) run('bundle', process.execPath, ['bench/bundle.mjs']);
  // In Chromium; seeds its own demo database under the data dir on first use.
  if (want('first-content') && existsSync(join(root, 'bench/first-content.ts'))) {
    run('first-content', tsx, [
      'bench/first-content.ts',
      '--runs',
      full ? '5' : '2',
      '--data',
      join(values['data-dir'], 'first-content'),
    ]);
  }
} finally {
  stop();
}
console.info(`\nOutputs in bench/results/latest/ (commit ${commit}).`);
