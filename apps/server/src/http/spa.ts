import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { TApiError } from '@forecourt/contracts';
import type { FastifyInstance } from 'fastify';
import { registerBasemapTiles, TILE_CACHE_CONTROL } from './basemap-tiles';

/**
 * Serves the built web app at `/` and falls back to `index.html` for client-side routes.
 * Unknown `/api/*` paths and non-HTML requests get the JSON 404 instead.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      // One `/*` route that looks the file up per request: registering a route per built file
      // (`wildcard: false`) globbed the folder and added ~550 routes, a third of the start's CPU.
      // A missing file falls through to the not-found handler below.
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs): sent as they are
      // to browsers that accept them, with Vary: Accept-Encoding.
      preCompressed: true,
      maxAge: '1h',
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/, so those never change.
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        // Basemap tiles are asked for with their tileset's version in the URL (./basemap-tiles.ts).
        if (path.includes('/basemap/tiles/')) reply.header('cache-control', TILE_CACHE_CONTROL);
      },
    });
    registerBasemapTiles(app, webDist);
    // `/` is the folder itself, which the file route refuses: the page comes from the handler below.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/',
      schema: { hide: true },
      handler: (_request, reply) => reply.callNotFound(),
    });
  } else {
    app.log.warn({ webDist }, 'web app is not built; run `npm run build` to serve it');
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      hasBuild &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/v1/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    const body: TApiError = {
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    };
    return reply.status(404).send(body);
  });
}
