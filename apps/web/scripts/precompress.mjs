/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file of the built web
 * app, so the server sends compressed bytes without compressing on each request (@fastify/static
 * `preCompressed` picks the copy the browser accepts). Used by vite.config.ts after `vite build`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats and vector tiles (.pbf) are worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|geojson|txt|map|webmanifest|pbf)$/;
/** Below this a compressed copy saves less than the extra round of header bytes. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Compresses every compressible file under `dir`; returns how many files and bytes before/after. */
export function precompressDir(dir) {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const path of files(dir)) {
    if (statSync(path).size < MIN_BYTES) continue;
    const data = readFileSync(path);
    const brotli = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzip = gzipSync(data, { level: 9 });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzip);
    totals.files += 1;
    totals.bytes += data.length;
    totals.brotli += brotli.length;
    totals.gzip += gzip.length;
  }
  return totals;
}

/** The Vite plugin: compresses the output directory once the bundle is written (build only). */
export function precompressAssets() {
  let outDir = 'dist';
  return {
    name: 'forecourt-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const totals = precompressDir(outDir);
      const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
      console.info(
        `precompressed ${totals.files} files: ${mb(totals.bytes)} → brotli ${mb(totals.brotli)}, gzip ${mb(totals.gzip)}`,
      );
    },
  };
}
