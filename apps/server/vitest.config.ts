import { defineConfig } from 'vitest/config';

/**
 * The server's API tests: every `*.test.ts` except the fast unit tests (`vitest.unit.config.ts`).
 * They run the real app on a real database, each file on its own copy of one template database
 * migrated once per run (`src/test/template-database.global.ts`).
 */
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.unit.test.ts'],
    globalSetup: ['./src/test/template-database.global.ts'],
    provide: { testTier: 'api' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
