import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { tileInTileset } from './basemap-tiles';

/** A built web app with a basemap tileset around Pune (as apps/web/scripts/build-basemap.mjs writes it). */
const TILESET = {
  version: 'abc',
  minzoom: 0,
  maxzoom: 8,
  bounds: [73, 18, 74.5, 19.5] as [number, number, number, number],
};
/** Pune's tile at z8 (a neighbour inside the bounds, 179/113, holds nothing). */
const PUNE = { z: 8, x: 180, y: 114 };

describe('basemap tiles', () => {
  let t: TestApp;
  const tile = Buffer.from(Array.from({ length: 3000 }, (_, i) => `place ${i % 50};`).join(''));
  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'forecourt-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Forecourt</title>');
    mkdirSync(join(webDist, 'basemap', 'tiles', '8', '180'), { recursive: true });
    writeFileSync(join(webDist, 'basemap', 'tileset.json'), JSON.stringify(TILESET));
    const path = join(webDist, 'basemap', 'tiles', '8', '180', '114.pbf');
    writeFileSync(path, tile);
    writeFileSync(`${path}.br`, brotliCompressSync(tile));
    writeFileSync(`${path}.gz`, gzipSync(tile));
    t = await createTestApp({ webDist });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('knows which tiles the tileset covers', () => {
    expect(tileInTileset(TILESET, PUNE.z, PUNE.x, PUNE.y)).toBe(true);
    expect(tileInTileset(TILESET, 0, 0, 0)).toBe(true);
    expect(tileInTileset(TILESET, 9, 360, 228)).toBe(false);
    // Delhi at z8: outside the bounds.
    expect(tileInTileset(TILESET, 8, 182, 106)).toBe(false);
  });

  it('sends a built tile precompressed, cacheable for good', async () => {
    const brotli = await get('/basemap/tiles/8/180/114.pbf?v=abc', { 'accept-encoding': 'br, gzip' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).equals(tile)).toBe(true);

    const gzip = await get('/basemap/tiles/8/180/114.pbf?v=abc', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(tile)).toBe(true);

    const plain = await get('/basemap/tiles/8/180/114.pbf');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(tile)).toBe(true);
  });

  it('answers a covered tile that holds nothing with an empty, cacheable 204', async () => {
    const empty = await get('/basemap/tiles/8/179/113.pbf?v=abc', { 'accept-encoding': 'br' });
    expect(empty.statusCode).toBe(204);
    expect(empty.rawPayload.length).toBe(0);
    expect(empty.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['outside the bounds', '/basemap/tiles/8/182/106.pbf'],
    ['deeper than the tileset', '/basemap/tiles/9/360/228.pbf'],
    ['not a tile', '/basemap/tiles/8/abc/114.pbf'],
    ['another extension', '/basemap/tiles/8/180/114.png'],
  ])('answers a tile %s with a JSON 404', async (_case, url) => {
    const response = await get(url, { accept: 'text/html,*/*' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: expect.stringMatching(/^No basemap tile /),
    });
  });
});
