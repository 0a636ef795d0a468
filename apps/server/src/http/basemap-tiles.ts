import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TApiError } from '@forecourt/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The offline basemap's vector tiles (built into the web app by apps/web/scripts/build-basemap.mjs:
 * `basemap/tiles/{z}/{x}/{y}.pbf` and `basemap/tileset.json`). Only tiles that hold something are
 * built, so:
 * - a built tile is sent from disk with its brotli or gzip copy (written by the build), cacheable
 *   for a year: the app asks for tiles with the tileset's version in the URL;
 * - a tile inside the tileset's bounds and zooms that holds nothing answers 204, empty, cacheable
 *   alike (MapLibre draws it as an empty tile, and the browser logs no failed request);
 * - anything else (outside the bounds, deeper than the tileset, not a tile path) is a 404.
 */
export type TTileset = { minzoom: number; maxzoom: number; bounds: [number, number, number, number] };

export const TILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function readTileset(webDist: string): TTileset | null {
  const path = join(webDist, 'basemap', 'tileset.json');
  if (!existsSync(path)) return null;
  const { minzoom, maxzoom, bounds } = JSON.parse(readFileSync(path, 'utf8')) as TTileset;
  return { minzoom, maxzoom, bounds };
}

/** The tile column / row holding a longitude / latitude at zoom `z` (Web Mercator). */
function tileX(lng: number, z: number): number {
  return Math.floor(((lng + 180) / 360) * 2 ** z);
}

function tileY(lat: number, z: number): number {
  const rad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
}

/** Whether tile z/x/y lies in the tileset: its zooms, and touching its bounds. */
export function tileInTileset(tileset: TTileset, z: number, x: number, y: number): boolean {
  if (z < tileset.minzoom || z > tileset.maxzoom) return false;
  const [west, south, east, north] = tileset.bounds;
  return x >= tileX(west, z) && x <= tileX(east, z) && y >= tileY(north, z) && y <= tileY(south, z);
}

const TILE_FILE = /^(\d{1,7})\.pbf$/;

export function registerBasemapTiles(app: FastifyInstance, webDist: string): void {
  const tileset = readTileset(webDist);
  if (!tileset) return;
  app.get<{ Params: { z: string; x: string; file: string } }>(
    '/basemap/tiles/:z/:x/:file',
    {
      schema: { hide: true },
      // The static file sender names .pbf by its extension (octet-stream); a tile says what it is.
      onSend: (_request, reply, payload, done) => {
        if (reply.statusCode === 200) reply.header('content-type', 'application/vnd.mapbox-vector-tile');
        done(null, payload);
      },
    },
    (request, reply) => {
      const { z: zText, x: xText, file } = request.params;
      const yMatch = TILE_FILE.exec(file);
      const [z, x, y] = [Number(zText), Number(xText), Number(yMatch?.[1])];
      const valid = yMatch && /^\d{1,2}$/.test(zText) && /^\d{1,7}$/.test(xText);
      if (!valid || !tileInTileset(tileset, z, x, y)) {
        const body: TApiError = {
          statusCode: 404,
          code: 'ROUTE_NOT_FOUND',
          message: `No basemap tile ${request.url.split('?')[0]}`,
        };
        return reply.status(404).send(body);
      }
      const relativePath = `basemap/tiles/${z}/${x}/${y}.pbf`;
      reply.header('cache-control', TILE_CACHE_CONTROL);
      if (!existsSync(join(webDist, relativePath))) return reply.status(204).send();
      return reply.sendFile(relativePath);
    },
  );
}
