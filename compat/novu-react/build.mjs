// Bundles the two compat test pages into dist/ with the repository's esbuild (root node_modules):
// index.html + current.js (@novu/react 3.19.2) and older.html + older.js (@novu/react 3.5.0,
// installed under the alias novu-react-3-5). React and react-dom resolve from this folder's own
// node_modules (React 18.3.1), never from the workspace's React 19.
// Run: npm ci --prefix compat/novu-react && node compat/novu-react/build.mjs
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const own = (name) => join(here, 'node_modules', name);

for (const entry of ['current', 'older']) {
  await build({
    entryPoints: [join(here, `src/${entry}.jsx`)],
    outfile: join(here, `dist/${entry}.js`),
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
}
mkdirSync(join(here, 'dist'), { recursive: true });
copyFileSync(join(here, 'src/index.html'), join(here, 'dist/index.html'));
copyFileSync(join(here, 'src/older.html'), join(here, 'dist/older.html'));
console.info('compat/novu-react/dist built');
