import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/**
 * Route chunks preloaded with the app shell. Without this, a lazy route's code (and the Mantine
 * parts it uses, a few dozen small files) is asked for only once the shell's scripts have run and
 * the router has matched the address: one more wait after the entry. This plugin writes a small
 * classic script, loaded `async` from index.html (the CSP allows no inline script), that looks at
 * the address and adds `<link rel="modulepreload">` (and style preloads) for that route's chunks,
 * so they download while the shell's own scripts do.
 *
 * `routes`: address patterns (anchored regular expressions, as source text) and the lazy route
 * modules they show, relative to the web app (e.g. `src/routes/command.lazy.tsx`). A module not
 * found in the bundle fails the build, so a renamed route cannot silently lose its preload.
 */
export function routePreload(routes) {
  let root = process.cwd();
  return {
    name: 'forecourt-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route-preload: the bundle has no entry chunk');
      const closure = (start) => {
        const seen = new Set();
        const visit = (fileName) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(start);
        return seen;
      };
      const shell = closure(entry.fileName);
      const table = routes.map(({ path, modules }) => {
        const scripts = new Set();
        for (const module of modules) {
          const id = resolve(root, module);
          const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
          if (!chunk) this.error(`route-preload: ${module} is in no chunk (renamed or no longer lazy?)`);
          for (const fileName of closure(chunk.fileName)) if (!shell.has(fileName)) scripts.add(fileName);
        }
        const styles = new Set();
        for (const fileName of scripts)
          for (const css of byFile.get(fileName)?.viteMetadata?.importedCss ?? []) styles.add(css);
        return [path, [...scripts].sort(), [...styles].sort()];
      });
      const source = `/* Route chunks preloaded with the shell (scripts/route-preload.mjs). */
(function () {
  var routes = ${JSON.stringify(table)};
  var path = location.pathname;
  for (var i = 0; i < routes.length; i++) {
    if (!new RegExp(routes[i][0]).test(path)) continue;
    var add = function (rel, href, as) {
      var link = document.createElement('link');
      link.rel = rel;
      link.href = '/' + href;
      if (as) link.as = as;
      document.head.appendChild(link);
    };
    routes[i][1].forEach(function (href) { add('modulepreload', href); });
    routes[i][2].forEach(function (href) { add('preload', href, 'style'); });
    return;
  }
})();
`;
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/route-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('route-preload: index.html is not in the bundle');
      const tag = `<script async src="/${fileName}"></script>`;
      html.source = String(html.source).replace('<title>', `${tag}\n    <title>`);
      if (!String(html.source).includes(tag)) this.error('route-preload: index.html has no <title>');
    },
  };
}
