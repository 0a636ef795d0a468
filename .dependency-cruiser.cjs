/**
 * The direction of imports between files, checked by `npm run lint` (lint:imports); cycles between
 * server modules are in .dependency-cruiser.modules.cjs. docs/ARCHITECTURE.md, "Import rules",
 * says why each rule exists. Paths are relative to the repository root.
 */
const TESTS = '(\\.test\\.tsx?|/test-fixtures\\.ts|/testing\\.ts)$';

const options = {
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
  tsPreCompilationDeps: true,
  enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
};

module.exports = {
  forbidden: [
    {
      name: 'no-foreign-repository',
      comment:
        "A server module reads and writes other modules' tables through their services or a port, never their repository.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^apps/server/src/modules/[^/]+/.*\\.repository\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'no-package-imports-app',
      comment:
        "Packages are shared by the apps; they never import an app (a package's tests may start the server).",
      severity: 'error',
      from: { path: '^packages/', pathNot: TESTS },
      to: { path: '^apps/' },
    },
    {
      name: 'no-feature-internals',
      comment:
        'A web feature uses another feature only through its entry (features/<name>/index.ts); shared code lives in components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^apps/web/src/features/[^/]+/.+',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
  ],
  options,
};
