// No import cycles between server modules (docs/ARCHITECTURE.md, "Import rules"). dependency-cruiser
// reads the imports; every file of apps/server/src/modules/<name> counts as <name>, so a cycle
// through different files of two modules is found too (its own `circular` rule sees file cycles only).
// Usage: node scripts/check-module-cycles.mjs [root]   (root: the directory holding apps/, default cwd)
import { cruise } from 'dependency-cruiser';

const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;
const TEST = /\.test\.tsx?$/;

if (process.argv[2]) process.chdir(process.argv[2]);
const result = await cruise(['apps/server/src/modules'], {
  tsPreCompilationDeps: true,
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '(^|/)node_modules/' },
  enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
});

/** module → module → one file-level import that makes the edge (for the message). */
const edges = new Map();
for (const file of result.output.modules) {
  const from = MODULE.exec(file.source)?.[1];
  if (!from || TEST.test(file.source)) continue;
  for (const dependency of file.dependencies) {
    const to = MODULE.exec(dependency.resolved)?.[1];
    if (!to || to === from) continue;
    const targets = edges.get(from) ?? new Map();
    if (!targets.has(to)) targets.set(to, `${file.source} → ${dependency.resolved}`);
    edges.set(from, targets);
  }
}

// Strongly connected components (Tarjan): each with more than one module is a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(node) {
  index.set(node, counter);
  low.set(node, counter++);
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
  }
  if (low.get(node) !== index.get(node)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== node);
  if (component.length > 1) cycles.push(component.sort());
}
for (const node of edges.keys()) if (!index.has(node)) visit(node);

if (cycles.length === 0) {
  console.info(`no-module-cycle: no cycles between ${edges.size} server modules`);
} else {
  for (const component of cycles) {
    console.error(`error no-module-cycle: ${component.join(' ↔ ')}`);
    for (const from of component) {
      for (const [to, via] of edges.get(from) ?? []) if (component.includes(to)) console.error(`  ${via}`);
    }
  }
  console.error(`\n${cycles.length} cycle(s) between server modules`);
  process.exitCode = 1;
}
