import { defineConfig } from 'vitest/config';

/** Component tests in jsdom against a fake client; CSS is not loaded (class names are asserted). */
export default defineConfig({
  test: {
    name: 'inbox',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
