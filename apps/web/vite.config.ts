/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { forecourtBasemap } from './scripts/build-basemap.mjs';
import { precompressAssets } from './scripts/precompress.mjs';
import { routePreload } from './scripts/route-preload.mjs';

/** The API and the realtime socket run on the Node server; dev and preview proxy to it. */
const apiTarget = process.env.FORECOURT_API ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/v1': { target: apiTarget, changeOrigin: false },
  '/socket.io': { target: apiTarget, changeOrigin: false, ws: true },
};

export default defineConfig({
  // The offline basemap (public/geo, public/basemap, public/fonts) is generated before dev and build; the built
  // files get brotli and gzip copies that the server sends as they are.
  // The screens people open first (and bookmark) get their code preloaded with the shell.
  plugins: [
    react(),
    forecourtBasemap(),
    routePreload([
      { path: '^/command/?$', modules: ['src/routes/command.lazy.tsx'] },
      { path: '^/stations/?$', modules: ['src/routes/stations/list.lazy.tsx'] },
      {
        path: '^/stations/(?!new/?$)[^/]+/?$',
        modules: [
          'src/routes/stations/station/layout.lazy.tsx',
          'src/routes/stations/station/overview.lazy.tsx',
        ],
      },
      {
        path: '^/stations/[^/]+/metrics/?$',
        modules: [
          'src/routes/stations/station/layout.lazy.tsx',
          'src/routes/stations/station/metrics.lazy.tsx',
        ],
      },
    ]),
    precompressAssets(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // A feature's entry (features/<name>/index.ts) only re-exports. Marked free of side effects,
      // an import through it links to the module that holds the export, so the app shell does not
      // pull in everything a feature offers (the time-window control, its popovers and selects)
      // because a search schema came through the same entry.
      treeshake: {
        moduleSideEffects: (id) =>
          /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/.test(id) ? false : undefined,
      },
      output: {
        // Libraries every page loads anyway get their own long-cached files, so a deploy of app
        // code does not invalidate them. Mantine is left to the default splitting: most of its
        // components are only used by lazily loaded pages.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Only the lazy map components import it, so it downloads when a map is first shown.
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Whole-app tests load lazy routes through the real router; on a busy 2-core runner that can
    // take seconds, which is slowness, not failure.
    testTimeout: 20_000,
  },
});
