import { defineConfig } from 'vitest/config';

/**
 * One vitest run covers every workspace; each project keeps its own config and environment.
 * Fast tiers (no database, no server): contracts, inbox-core, inbox, server-unit, web.
 * API tiers (a copy of the run's template database, the real app): server, inbox-core-integration.
 * See docs/TESTING.md.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/inbox-core/vitest.config.ts',
      'packages/inbox-core/vitest.integration.config.ts',
      'packages/inbox',
      'apps/server/vitest.unit.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web',
    ],
  },
});
