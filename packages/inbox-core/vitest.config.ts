import { defineConfig } from 'vitest/config';

/** Unit tests with fakes, plus integration tests against a listening server (apps/server). */
export default defineConfig({
  test: { name: 'inbox-core', environment: 'node', testTimeout: 20_000, hookTimeout: 60_000 },
});
