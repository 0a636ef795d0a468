import { defineConfig } from 'vitest/config';

/** Fast unit tests with fakes; the tests against a listening server are `vitest.integration.config.ts`. */
export default defineConfig({
  test: {
    name: 'inbox-core',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.integration.test.ts'],
    provide: { testTier: 'unit', testDatabaseTemplate: null },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
