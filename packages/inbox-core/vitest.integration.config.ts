import { defineConfig } from 'vitest/config';

/**
 * The client against a real Forecourt server listening on 127.0.0.1 (`*.integration.test.ts`),
 * on a copy of the run's template database like the server's API tests.
 */
export default defineConfig({
  test: {
    name: 'inbox-core-integration',
    environment: 'node',
    include: ['src/**/*.integration.test.ts'],
    globalSetup: ['../../apps/server/src/test/template-database.global.ts'],
    provide: { testTier: 'api' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
