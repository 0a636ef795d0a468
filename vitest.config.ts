import { defineConfig } from 'vitest/config';

/** One vitest run covers every workspace; each project keeps its own config and environment. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/inbox-core', 'packages/inbox', 'apps/server', 'apps/web'],
  },
});
