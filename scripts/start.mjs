// `npm start`: builds the web app and the server only when their sources changed since the last
// build (scripts/build.mjs), then runs the compiled server (apps/server/dist/main.mjs) in this
// process with plain Node — no TypeScript compiler at start. `FORCE_BUILD=1` rebuilds both.
// `npm run dev` still runs the sources (tsx watch).
import { pathToFileURL } from 'node:url';
import { buildServerIfChanged, buildWebIfChanged, SERVER_BUNDLE } from './build.mjs';

const force = process.env.FORCE_BUILD === '1' || process.env.FORCE_BUILD === 'true';
try {
  buildWebIfChanged({ force });
  await buildServerIfChanged({ force });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(pathToFileURL(SERVER_BUNDLE).href);
