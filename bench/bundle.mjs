#!/usr/bin/env node
/**
 * Initial JavaScript of the app shell: what a first visit downloads before any lazy route, i.e.
 * the entry script of apps/web/dist/index.html and every module it preloads, gzip-compressed.
 *
 *   npm run build -w @forecourt/web && node bench/bundle.mjs            # sizes of the built app
 *   node bench/bundle.mjs --analyze                                      # + bytes per package (sourcemap build)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const analyze = process.argv.includes('--analyze');
const TARGET_KB = 200;

function initialFiles(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set();
  for (const match of html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g))
    files.add(match[1]);
  return [...files];
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function report(dist) {
  const rows = initialFiles(dist).map((file) => {
    const code = readFileSync(join(dist, file));
    return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  for (const row of rows)
    console.info(`${kb(row.gzip).padStart(7)} kB gz  ${kb(row.raw).padStart(7)} kB  ${row.file}`);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.info(`initial JS: ${kb(total)} kB gzip in ${rows.length} files (target ≤ ${TARGET_KB} kB)`);
  return { rows, total };
}

async function bytesPerPackage(dist, files) {
  const { SourceMapConsumer } = await import('source-map');
  const totals = new Map();
  for (const file of files) {
    if (!existsSync(join(dist, `${file}.map`))) continue;
    const code = readFileSync(join(dist, file), 'utf8');
    const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8'));
    const lines = code.split('\n');
    // source-map 0.6 (the copy in the tree) builds its consumer synchronously.
    const consumer = await new SourceMapConsumer(map);
    {
      let previous = null;
      consumer.eachMapping((mapping) => {
        if (previous && previous.generatedLine === mapping.generatedLine) {
          const bytes = mapping.generatedColumn - previous.generatedColumn;
          totals.set(previous.source, (totals.get(previous.source) ?? 0) + bytes);
        } else if (previous) {
          const line = lines[previous.generatedLine - 1] ?? '';
          totals.set(
            previous.source,
            (totals.get(previous.source) ?? 0) + line.length - previous.generatedColumn,
          );
        }
        previous = {
          generatedLine: mapping.generatedLine,
          generatedColumn: mapping.generatedColumn,
          source: packageOf(mapping.source),
        };
      });
    }
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

function packageOf(source) {
  if (!source) return '(unmapped)';
  const at = source.lastIndexOf('node_modules/');
  if (at === -1) return source.replace(/^.*?apps\/web\//, 'apps/web/').replace(/^.*?packages\//, 'packages/');
  const rest = source.slice(at + 'node_modules/'.length).split('/');
  if (process.env.BUNDLE_DETAIL && source.includes(process.env.BUNDLE_DETAIL)) return rest.join('/');
  return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
}

if (analyze) {
  const out = mkdtempSync(join(tmpdir(), 'forecourt-bundle-'));
  try {
    execFileSync('npx', ['vite', 'build', '--sourcemap', '--outDir', out, '--emptyOutDir'], {
      cwd: join(root, 'apps/web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const { rows } = report(out);
    console.info('\nminified bytes by package or source (initial files):');
    for (const [name, bytes] of (
      await bytesPerPackage(
        out,
        rows.map((row) => row.file),
      )
    ).slice(0, Number(process.env.BUNDLE_TOP ?? 40))) {
      console.info(`${kb(bytes).padStart(8)} kB  ${name}`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
} else {
  const { total } = report(join(root, 'apps/web/dist'));
  if (process.argv.includes('--check') && total > TARGET_KB * 1024) process.exit(1);
}
