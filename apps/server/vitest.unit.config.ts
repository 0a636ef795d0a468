import { defineConfig } from 'vitest/config';

/** The server's fast unit tests (`*.unit.test.ts`): no database, no app, no server process. */
export default defineConfig({
  test: {
    name: 'server-unit',
    environment: 'node',
    include: ['src/**/*.unit.test.ts'],
    provide: { testTier: 'unit', testDatabaseTemplate: null },
    testTimeout: 20_000,
  },
});
