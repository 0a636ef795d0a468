#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
/**
 * Size budget of the widget: bundles `src/index.ts` the way a host app would (minified ESM, React
 * left to the host, the lazily loaded languages left out) and fails when the gzip size exceeds
 * the budget. `node scripts/check-size.mjs [--json]`; the vitest test `size.test.ts` runs it too.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const BUDGET_GZIP_BYTES = 50 * 1024;
const root = fileURLToPath(new URL('..', import.meta.url));

/** The languages are separate chunks loaded on demand: not part of the budget. */
const languagesOut = {
  name: 'languages-out',
  setup(b) {
    b.onResolve({ filter: /[\\/]languages[\\/]/ }, (args) => ({ path: args.path, external: true }));
  },
};

export async function measureWidget() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/index.ts'],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outfile: 'dist-size/widget.js',
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    loader: { '.css': 'text' },
    plugins: [languagesOut],
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((file) => file.path.endsWith('.js'));
  if (!js) throw new Error('esbuild produced no JavaScript');
  const { readFile } = await import('node:fs/promises');
  const css = await readFile(new URL('../src/styles.css', import.meta.url));
  const inputs = Object.entries(result.metafile.outputs)[0]?.[1].inputs ?? {};
  const largest = Object.entries(inputs)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 8)
    .map(([path, info]) => ({ path, bytes: info.bytesInOutput }));
  return {
    jsBytes: js.contents.byteLength,
    jsGzipBytes: gzipSync(js.contents, { level: 9 }).byteLength,
    cssGzipBytes: gzipSync(css, { level: 9 }).byteLength,
    languagesInBundle: Object.keys(inputs).filter((path) => /[\\/]languages[\\/]/.test(path)).length,
    largest,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const size = await measureWidget();
  const total = size.jsGzipBytes + size.cssGzipBytes;
  if (process.argv.includes('--json'))
    process.stdout.write(`${JSON.stringify({ ...size, total }, null, 2)}\n`);
  else {
    const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
    process.stdout.write(
      `inbox widget: ${kb(size.jsBytes)} minified, ${kb(size.jsGzipBytes)} JS + ${kb(size.cssGzipBytes)} CSS gzip = ${kb(total)} (budget ${kb(BUDGET_GZIP_BYTES)})\n`,
    );
  }
  if (total > BUDGET_GZIP_BYTES) {
    process.stderr.write('inbox widget is over its size budget\n');
    process.exit(1);
  }
}
