import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The example talks to a Forecourt server through this dev server's proxy, so the widget's
 * backend URL is the page's own origin (no CORS set-up). FORECOURT_URL: where the server runs.
 */
const target = process.env.FORECOURT_URL ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target, changeOrigin: false },
  '/v1': { target, changeOrigin: false },
  '/socket.io': { target, changeOrigin: false, ws: true },
};

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { port: 5180, proxy },
  preview: { port: 5180, proxy },
});
