// Time to first answer of a server start on an already seeded database, for bench/results/start.md:
//   node bench/start.mjs [--database-url /tmp/forecourt-bench/demo.db] [--runs 5] [--with-npm-start]
//                        [--also <another compiled server bundle>]…
// Variants, each run in turn (interleaved) `--runs` times:
//   - "compiled": `node scripts/start.mjs` with nothing changed (stamps checked, bundle run by Node);
//   - "server process alone": `node apps/server/dist/main.mjs`, the bundle without the stamp checks;
//   - "tsx": the server from its TypeScript sources (`tsx apps/server/src/main.ts`, what `npm start`
//     ran after building the web app before);
//   - with --with-npm-start, "npm start (before)": `vite build` then tsx, as `npm start` did.
// "First answer" is the first 200 of GET /api/health, polled every 10 ms from the spawn. CPU is
// the process tree's user + system time at that moment (Linux /proc): on a shared box it is the
// steadier figure.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: '/tmp/forecourt-bench/demo.db' },
    runs: { type: 'string', default: '5' },
    'with-npm-start': { type: 'boolean', default: false },
    // Another compiled server to time beside ours (e.g. a bundle built from an older commit).
    also: { type: 'string', multiple: true, default: [] },
  },
});

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/**
 * CPU seconds used so far by `pid` and its descendants (user + system, plus what finished children
 * used — e.g. the web build before the server), from /proc: steadier than wall time on a busy box.
 */
function treeCpuSeconds(pid) {
  const stats = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // After the command: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
      stats.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        ticks: [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i]), 0),
      });
    } catch {
      // gone
    }
  }
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const stat of stats) {
      if (!tree.has(stat.pid) && tree.has(stat.ppid)) {
        tree.add(stat.pid);
        grew = true;
      }
    }
  }
  return stats.filter((stat) => tree.has(stat.pid)).reduce((n, stat) => n + stat.ticks, 0) / 100;
}

async function firstAnswer(command, args) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: values['database-url'],
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // The same web build for every variant (a bundle elsewhere would not find it by default).
      WEB_DIST: resolve(root, 'apps/web/dist'),
    },
  });
  let exited = null;
  child.on('exit', (code) => {
    exited = code;
  });
  try {
    for (;;) {
      if (exited !== null) throw new Error(`${command} ${args.join(' ')} exited with ${exited}`);
      const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status,
        () => 0, // not listening yet
      );
      if (status === 200) return { ms: performance.now() - started, cpu: treeCpuSeconds(child.pid) };
      await new Promise((done) => setTimeout(done, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => (exited !== null ? done() : child.on('exit', done)));
  }
}

const variants = [
  ['compiled (node scripts/start.mjs, nothing changed)', process.execPath, ['scripts/start.mjs']],
  ['server process alone (node apps/server/dist/main.mjs)', process.execPath, ['apps/server/dist/main.mjs']],
  ['tsx (server from sources)', resolve(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts']],
];
for (const bundle of values.also) variants.push([`also: node ${bundle}`, process.execPath, [bundle]]);
if (values['with-npm-start']) {
  variants.push([
    'npm start (before: vite build, then tsx)',
    'bash',
    [
      '-c',
      'npm run build --workspace @forecourt/web >/dev/null && exec node_modules/.bin/tsx apps/server/src/main.ts',
    ],
  ]);
}

// One start first so a stale bundle or web build is not counted.
await firstAnswer(process.execPath, ['scripts/start.mjs']);
const times = new Map(variants.map(([name]) => [name, []]));
const cpu = new Map(variants.map(([name]) => [name, []]));
for (let run = 0; run < Number(values.runs); run++) {
  for (const [name, command, args] of variants) {
    const answer = await firstAnswer(command, args);
    times.get(name).push(answer.ms);
    cpu.get(name).push(answer.cpu * 1000);
    console.info(`${name}: ${(answer.ms / 1000).toFixed(2)} s, CPU ${answer.cpu.toFixed(2)} s`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
} catch {}
console.info(
  `\n| start | to first answer, median s | min s | max s | CPU to first answer, median s | runs |\n|---|---|---|---|---|---|`,
);
for (const [name, xs] of times) {
  console.info(
    `| ${name} | ${(median(xs) / 1000).toFixed(2)} | ${(Math.min(...xs) / 1000).toFixed(2)} | ${(Math.max(...xs) / 1000).toFixed(2)} | ${(median(cpu.get(name)) / 1000).toFixed(2)} | ${xs.length} |`,
  );
}
console.info(
  `\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; commit ${commit}; database ${values['database-url']}; ${new Date().toISOString()}`,
);
