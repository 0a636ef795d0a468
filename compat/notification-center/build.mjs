// Bundles the compat test page into dist/ with the repository's esbuild (root node_modules).
// React, react-dom and everything the published package needs resolve from this folder's own
// node_modules (React 18.3.1, Mantine 5), never from the workspace's React 19: the aliases pin
// react/react-dom here even for files that would otherwise resolve upwards.
// Run: npm ci --prefix compat/notification-center && node compat/notification-center/build.mjs
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const own = (name) => join(here, 'node_modules', name);

await build({
  entryPoints: [join(here, 'src/main.jsx')],
  outfile: join(here, 'dist/main.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  jsx: 'automatic',
  minify: true,
  sourcemap: false,
  logLevel: 'warning',
  nodePaths: [join(here, 'node_modules')],
  alias: { react: own('react'), 'react-dom': own('react-dom') },
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
});
mkdirSync(join(here, 'dist'), { recursive: true });
copyFileSync(join(here, 'src/index.html'), join(here, 'dist/index.html'));
console.info('compat/notification-center/dist built');
